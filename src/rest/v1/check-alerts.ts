import { z } from "zod";
import {
  type CheckAlertRow,
  ListCheckAlertsQuery,
  listCheckAlerts,
  toCheckAlertView,
} from "../../domain/check-alerts/index.js";
import { iso, isoString } from "../format.js";
import { type Route, uuidParam } from "../route.js";

/** The reference's CheckAlert, plus `silenced`. */
export const CheckAlertResponse = z.object({
  id: z.string(),
  name: z.string(),
  checkId: z.string(),
  alertType: z.string(),
  checkType: z.string(),
  runLocation: z.string().nullable(),
  responseTime: z.number().nullable(),
  error: z.string().nullable(),
  statusCode: z.string().nullable(),
  silenced: z
    .boolean()
    .describe("Decided but not sent: a muted check or group, or a maintenance window silencing alerts."),
  created_at: isoString,
  startedAt: isoString.describe("When the alert was decided (as created_at)."),
});
export type CheckAlertResponse = z.infer<typeof CheckAlertResponse>;

export function toCheckAlertResponse(row: CheckAlertRow): CheckAlertResponse {
  const { createdAt, startedAt, ...view } = toCheckAlertView(row);
  return { ...view, created_at: iso(createdAt), startedAt: iso(startedAt) };
}

const tag = "Check alerts";
const window =
  "Newest first, inside a window of at most 6 hours: by default the 6 hours before now; `from` alone ends 6 hours later, `to` alone starts 6 hours earlier.";

export const checkAlertsRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/check-alerts",
    operationId: "listCheckAlerts",
    summary: "List the account's alerts",
    description: `Every alert decided for the account's checks, sent or silenced. ${window}`,
    tag,
    query: ListCheckAlertsQuery,
    status: 200,
    response: z.array(CheckAlertResponse),
    handler: async ({ ctx, query }) => (await listCheckAlerts({ ctx, query })).map(toCheckAlertResponse),
  },
  {
    method: "GET",
    path: "/v1/check-alerts/{checkId}",
    operationId: "listCheckAlertsOfCheck",
    summary: "List a check's alerts",
    description: `The alerts decided for one of the account's checks, sent or silenced. ${window}`,
    tag,
    params: { checkId: uuidParam("The id of the check") },
    query: ListCheckAlertsQuery,
    status: 200,
    response: z.array(CheckAlertResponse),
    handler: async ({ ctx, params, query }) =>
      (await listCheckAlerts({ ctx, checkId: params.checkId, query })).map(toCheckAlertResponse),
  },
];
