import { type FormEvent, useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { AddSubscribersMutation } from "../../__generated__/AddSubscribersMutation.graphql";
import { Field } from "../form/Field";

const add = graphql`
  mutation AddSubscribersMutation($id: ID!, $subscriptions: [StatusPageSubscriptionInput!]!, $autoVerify: Boolean) {
    result: bulkCreateStatusPageSubscriptions(statusPageId: $id, subscriptions: $subscriptions, autoVerify: $autoVerify) {
      __typename
      ... on BulkCreateStatusPageSubscriptionsSuccess {
        data {
          created
          skipped
          status
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** One address a line: a URL is a webhook subscriber, anything else an email address (the API judges both). */
export function subscriptionsOf(text: string) {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((config) => ({ config, type: /^https?:\/\//i.test(config) ? ("WEBHOOK" as const) : ("EMAIL" as const) }));
}

/** Adds subscribers to a page (as REST's bulk import): mailed a confirmation unless marked confirmed. */
export function AddSubscribers({ pageId, onAdded }: { pageId: string; onAdded: (text: string) => void }) {
  const [text, setText] = useState("");
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [commit, adding] = useMutation<AddSubscribersMutation>(add);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const subscriptions = subscriptionsOf(text);
    if (!subscriptions.length) return setError("Write one address or URL a line.");
    setError(undefined);
    commit({
      variables: { id: pageId, subscriptions, autoVerify: confirmed },
      onCompleted: ({ result }) => {
        if (!result.data) return setError(result.message ?? "No subscriber was added.");
        setText("");
        const { created, skipped } = result.data;
        onAdded(`Added ${created}${skipped ? `, skipped ${skipped} already there or named twice` : ""}.`);
      },
      onError: (failure) => setError(failure.message),
    });
  };
  return (
    <form onSubmit={submit} aria-label="Add subscribers" noValidate>
      <Field id="new-subscribers" label="Add subscribers" hint="One email address or webhook URL a line" error={error}>
        {(props) => <textarea {...props} rows={3} value={text} onChange={(e) => setText(e.target.value)} />}
      </Field>
      <label>
        <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} /> They agreed
        already: send no confirmation mail
      </label>
      <button type="submit" disabled={adding}>
        Add
      </button>
    </form>
  );
}
