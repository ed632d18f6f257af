import type { FormEvent } from "react";
import { graphql, useFragment } from "react-relay";
import type { GroupForm_options$key } from "../../__generated__/GroupForm_options.graphql";
import { FormError } from "../../ui/FormError";
import { useFormValues } from "../../ui/useFormValues";
import { channelOptions } from "../form/ChannelChoices";
import { Field } from "../form/Field";
import { GroupAlerting } from "./GroupAlerting";
import { GroupApiDefaults } from "./GroupApiDefaults";
import { GroupRunFields } from "./GroupRunFields";
import { GroupScripts } from "./GroupScripts";
import { toInput } from "./input";
import type { GroupValues } from "./values";

// The account's private locations and alert channels the form offers (the first 100 of each).
const options = graphql`
  fragment GroupForm_options on Query {
    privateLocations(first: 100) {
      edges {
        node {
          slugName
          name
        }
      }
    }
    alertChannels(first: 100) {
      edges {
        node {
          databaseId
          ...ChannelRow_channel @relay(mask: false)
        }
      }
    }
  }
`;

export type SaveGroup = (
  input: ReturnType<typeof toInput>,
  showErrors: (errors: Record<string, string>) => void,
) => void;

/** A check group's settings that its checks inherit (create and edit). */
export function GroupForm({
  initial,
  options: optionsKey,
  subscribeAll = false,
  action,
  saving,
  onSave,
}: {
  initial: GroupValues;
  options: GroupForm_options$key;
  /** A new group starts subscribed to every channel, as the API's autoAssignAlerts does by default. */
  subscribeAll?: boolean;
  action: string;
  saving: boolean;
  onSave: SaveGroup;
}) {
  const { privateLocations, alertChannels } = useFragment(options, optionsKey);
  const channels = channelOptions(alertChannels.edges);
  const { values, set, errors, setErrors } = useFormValues(() =>
    subscribeAll
      ? { ...initial, channels: channels.map(({ databaseId }) => ({ alertChannelId: databaseId, activated: true })) }
      : initial,
  );
  const section = { values, set, errors };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    onSave(toInput(values, initial.name ? initial : undefined), setErrors);
  };
  return (
    <form className="form panel" onSubmit={submit} noValidate>
      <FormError text={errors.form} />
      <Field id="name" label="Name" error={errors.name}>
        {(props) => <input {...props} value={values.name} onChange={(event) => set({ name: event.target.value })} />}
      </Field>
      <Field
        id="tags"
        label="Tags"
        hint="Comma-separated; maintenance windows and filters match them"
        error={errors.tags}
      >
        {(props) => <input {...props} value={values.tags} onChange={(event) => set({ tags: event.target.value })} />}
      </Field>
      <GroupRunFields {...section} privateLocations={privateLocations.edges.map(({ node }) => node)} />
      <GroupApiDefaults {...section} />
      <GroupScripts {...section} />
      <GroupAlerting {...section} channels={channels} />
      <label className="inline">
        <input
          type="checkbox"
          checked={values.activated}
          onChange={(event) => set({ activated: event.target.checked })}
        />{" "}
        Active (unticked pauses every check of the group)
      </label>
      <label className="inline">
        <input type="checkbox" checked={values.muted} onChange={(event) => set({ muted: event.target.checked })} />{" "}
        Muted
      </label>
      <div className="actions">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? "Saving…" : action}
        </button>
      </div>
    </form>
  );
}
