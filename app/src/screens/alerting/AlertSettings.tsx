import { type PreloadedQuery, usePreloadedQuery } from "react-relay";
import type { AlertSettingsQuery } from "../../__generated__/AlertSettingsQuery.graphql";
import type { ScreenProps } from "../../routes";
import { AlertSettingsForm } from "./AlertSettingsForm";
import { alertSettingsQuery } from "./AlertSettingsQuery";

/** The account's alert settings: what every check and group with "use the account's settings" follows. */
export function AlertSettings({ queryRef }: ScreenProps) {
  const data = usePreloadedQuery<AlertSettingsQuery>(
    alertSettingsQuery,
    queryRef as PreloadedQuery<AlertSettingsQuery>,
  );
  return (
    <>
      <h1>Alert settings</h1>
      <p className="muted">Checks and groups that use the account's settings alert by these rules.</p>
      <AlertSettingsForm settings={data.viewer.account.alertSettings} />
    </>
  );
}
