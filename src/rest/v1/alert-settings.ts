import { getAlertSettings, UpdateAlertSettingsInput, updateAlertSettings } from "../../domain/alert-settings/index.js";
import { AlertSettings } from "../../domain/shared/schemas.js";
import type { Route } from "../route.js";

const tag = "Alert settings";

export const alertSettingsRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/alert-settings",
    operationId: "getAlertSettings",
    summary: "Retrieve the account's alert settings",
    description:
      "What checks and groups with useGlobalAlertSettings use. Omitted parts show their defaults: RUN_BASED with failedRunThreshold 1, reminders 0 every 5 minutes, parallelRunFailureThreshold off at 10%.",
    tag,
    status: 200,
    response: AlertSettings,
    handler: async ({ ctx }) => getAlertSettings({ ctx }),
  },
  {
    method: "PUT",
    path: "/v1/alert-settings",
    operationId: "updateAlertSettings",
    summary: "Update the account's alert settings",
    description: "The sent settings replace the stored ones as a whole; an omitted part takes its default.",
    tag,
    body: UpdateAlertSettingsInput,
    status: 200,
    response: AlertSettings,
    handler: async ({ ctx, body }) => updateAlertSettings({ ctx, input: body }),
  },
];
