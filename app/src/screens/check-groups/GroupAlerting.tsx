import { OwnAlertSettings } from "../form/AlertSettingsFields";
import type { SectionProps } from "./values";
import { ChannelChoices, type ChannelOption } from "../form/ChannelChoices";

export type { ChannelOption } from "../form/ChannelChoices";

/** Whose alert settings the group's checks follow (the group's own shown when chosen), and its alert channels. */
export function GroupAlerting({ values, set, errors, channels }: SectionProps & { channels: ChannelOption[] }) {
  return (
    <fieldset>
      <legend>Alerts</legend>
      <OwnAlertSettings
        label="The group's own alert settings for its checks (not the account's)"
        values={values}
        set={set}
        errors={errors}
        ssl
      />
      <ChannelChoices
        legend="Alert channels its checks alert through"
        channels={channels}
        chosen={values.channels}
        onChange={(chosen) => set({ channels: chosen })}
        error={errors.channels}
      />
    </fieldset>
  );
}
