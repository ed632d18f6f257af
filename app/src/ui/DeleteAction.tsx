import { useRef, useState } from "react";
import { commitLocalUpdate, useMutation, useRelayEnvironment } from "react-relay";
import type { GraphQLTaggedNode } from "relay-runtime";
import { navigate } from "../router/router";
import { ConfirmDialog } from "./ConfirmDialog";
import { FormError } from "./FormError";

/** A delete mutation's answer: `result: deleteX(id: $id) { __typename ... on Error { message } }`. */
type DeleteMutation = {
  readonly variables: { readonly id: string };
  readonly response: { readonly result: { readonly __typename: string; readonly message?: string } };
};

/**
 * The delete button of a resource's screen: it asks first (a ConfirmDialog), deletes, then goes
 * to `after`; the API's refusal (a group with checks, a resource gone meanwhile) shows beside it.
 */
export function DeleteAction({
  mutation,
  id,
  after,
  label = "Delete…",
  dialogId,
  title,
  text,
}: {
  mutation: GraphQLTaggedNode;
  id: string;
  after: string;
  label?: string;
  dialogId: string;
  title: string;
  text: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const environment = useRelayEnvironment();
  const [commit, deleting] = useMutation<DeleteMutation>(mutation);
  // The screens that showed it (a list, its own) read the store first: marked stale, they wait for
  // the server's answer instead of showing it one more time.
  const gone = () => {
    commitLocalUpdate(environment, (store) => store.get(id)?.invalidateRecord());
    navigate(after);
  };
  const [refused, setRefused] = useState("");
  const confirm = () => {
    dialog.current?.close();
    setRefused("");
    commit({
      variables: { id },
      // A refusal is an Error, and only errors carry a message.
      onCompleted: ({ result }) => (typeof result.message === "string" ? setRefused(result.message) : gone()),
      onError: (error) => setRefused(error.message),
    });
  };
  return (
    <>
      <button type="button" className="danger" disabled={deleting} onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      <FormError text={refused} />
      <ConfirmDialog
        dialog={dialog}
        id={dialogId}
        title={title}
        text={text}
        action="Delete"
        danger
        onConfirm={confirm}
      />
    </>
  );
}
