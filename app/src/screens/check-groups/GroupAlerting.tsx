import { AlertSettingsFields } from "../form/AlertSettingsFields";
import type { SectionProps } from "./values";
import { ListError } from "../form/ListError";

export type ChannelOption = { databaseId: number; label: string };

/** Whose alert settings the group's checks follow (the group's own shown when chosen), and its alert channels. */
export function GroupAlerting({ values, set, errors, channels }: SectionProps & { channels: ChannelOption[] }) {
  const subscribed = (id: number) => values.channels.find((s) => s.alertChannelId === id);
  const toggle = (id: number, on: boolean) =>
    set({
      channels: on
        ? [...values.channels, { alertChannelId: id, activated: true }]
        : values.channels.filter((s) => s.alertChannelId !== id),
    });
  return (
    <fieldset>
      <legend>Alerts</legend>
      <label className="inline">
        <input
          type="checkbox"
          checked={!values.useGlobalAlertSettings}
          onChange={(event) => set({ useGlobalAlertSettings: !event.target.checked })}
        />{" "}
        The group's own alert settings for its checks (not the account's)
      </label>
      {values.useGlobalAlertSettings ? null : (
        <AlertSettingsFields
          form={values.alert}
          set={(change) => set({ alert: { ...values.alert, ...change } })}
          errors={errors}
          ssl
        />
      )}
      <fieldset aria-describedby={errors.channels ? "channels-error" : undefined}>
        <legend>Alert channels its checks alert through</legend>
        {channels.length === 0 ? <p className="muted">No alert channel in the account yet (Alerting).</p> : null}
        {channels.map(({ databaseId, label }) => (
          <label key={databaseId} className="inline">
            <input
              type="checkbox"
              checked={Boolean(subscribed(databaseId))}
              onChange={(event) => toggle(databaseId, event.target.checked)}
            />{" "}
            {label}
            {subscribed(databaseId)?.activated === false ? " (paused)" : ""}
          </label>
        ))}
        <ListError id="channels" error={errors.channels} />
      </fieldset>
    </fieldset>
  );
}
