import { getAlertSettings, updateAlertSettings } from "../../../domain/alert-settings/index.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { AccountRef } from "../accounts/type.js";
import { AlertSettingsRef } from "../checks/settings.js";
import { AlertSettingsInput } from "../checks/setting-inputs.js";
import { writeErrors } from "../shared/errors.js";

builder.objectField(AccountRef, "alertSettings", (t) =>
  t.field({
    type: AlertSettingsRef,
    description:
      "What checks and groups with useGlobalAlertSettings use; omitted parts at their defaults (RUN_BASED threshold 1, reminders 0 every 5, parallel off at 10).",
    // An Account is only ever the caller's (viewer.account).
    resolve: (_account, _args, ctx) => getAlertSettings({ ctx: domain(ctx) }),
  }),
);

builder.mutationField("updateAlertSettings", (t) =>
  t.field({
    type: AlertSettingsRef,
    description: "Replaces the account's alert settings as a whole; an omitted part takes its default.",
    errors: writeErrors,
    args: { input: t.arg({ type: AlertSettingsInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      updateAlertSettings({
        ctx: domain(ctx),
        input: Object.fromEntries(Object.entries(input).filter(([, value]) => value != null)),
      }),
  }),
);
