import {
  AutoAssignAlertsQuery,
  CHECK_ROUTE_TYPES,
  createCheck,
  createCheckSchema,
  deleteCheck,
  DeprecatedUpdateCheckInput,
  updateCheck,
  updateCheckDeprecated,
  updateCheckSchema,
  type CheckRouteSlug,
} from "../../domain/checks/index.js";
import { type Route, uuidParam } from "../route.js";
import { baseUrl, CheckResponse, CheckResponses, markDeprecated, toCheckResponse } from "./checks-response.js";

const tag = "Checks";
const params = { id: uuidParam("The id of the check") };
const LABELS: Record<CheckRouteSlug, [name: string, article: string, operation: string]> = {
  api: ["API check", "an", "ApiCheck"],
  url: ["URL monitor", "a", "UrlMonitor"],
  tcp: ["TCP check", "a", "TcpCheck"],
  dns: ["DNS monitor", "a", "DnsMonitor"],
  icmp: ["ICMP monitor", "an", "IcmpMonitor"],
  heartbeat: ["heartbeat check", "a", "HeartbeatCheck"],
  browser: ["browser check", "a", "BrowserCheck"],
  multistep: ["multi-step check", "a", "MultiStepCheck"],
  ssl: ["SSL monitor", "an", "SslMonitor"],
};

/** What each type of check does once created. */
const CREATE_NOTES: Record<CheckRouteSlug, string> = {
  api: "Sends `request` on the check's schedule, from each of its locations, and evaluates its assertions.",
  url: "Requests `request.url` on the check's schedule, from each of its locations, and evaluates its assertions.",
  tcp: "Connects to `request.hostname` and `request.port` on the check's schedule and evaluates its assertions.",
  dns: "Resolves `request.query` (a `recordType` record) on the check's schedule and evaluates its assertions.",
  icmp: "Pings `request.hostname` on the check's schedule; packet loss and latency decide the result.",
  heartbeat:
    "Nothing is run: the monitored job calls the answer's `heartbeat.pingUrl`, and every period missed beyond its grace is recorded as FAILING.",
  browser:
    "Runs its `script` in a browser on the check's schedule; where no browser runner is available, a run ends with `hasErrors` and a message saying so.",
  multistep:
    "Runs its multi-step `script` on the check's schedule; where no browser runner is available, a run ends with `hasErrors` and a message saying so.",
  ssl: "Makes a TLS handshake with `request.sslConfig.hostname` and `port` on the check's schedule; the certificate's dates, chain and name, the security baseline and the assertions decide the result (`sslCheckResult`).",
};
const autoAssign =
  "With autoAssignAlerts=true (the default) and no alertChannelSubscriptions in the body, the check is subscribed to every alert channel of the account; channels with autoSubscribe subscribe it in every case.";

/** The typed routes: create and partial update. */
const typedRoutes: Route[] = (
  Object.entries(CHECK_ROUTE_TYPES) as [CheckRouteSlug, (typeof CHECK_ROUTE_TYPES)[CheckRouteSlug]][]
).flatMap(([slug, type]) => {
  const [label, article, operation] = LABELS[slug];
  return [
    {
      method: "POST",
      path: `/v1/checks/${slug}`,
      operationId: `create${operation}`,
      summary: `Create ${article} ${label}`,
      description: `${CREATE_NOTES[slug]} ${autoAssign}`,
      tag,
      query: AutoAssignAlertsQuery,
      body: createCheckSchema(type),
      status: 201,
      response: CheckResponses[type],
      handler: async ({ ctx, body, query, request }) =>
        toCheckResponse(await createCheck({ ctx, type, input: body, query }), baseUrl(request)),
    },
    {
      method: "PUT",
      path: `/v1/checks/${slug}/{id}`,
      operationId: `update${operation}`,
      summary: `Update ${article} ${label}`,
      description:
        "A partial update: an omitted property keeps its value, and `request`, `heartbeat` and `alertSettings` merge into the stored ones.",
      tag,
      params,
      query: AutoAssignAlertsQuery,
      body: updateCheckSchema(type),
      status: 200,
      response: CheckResponses[type],
      handler: async ({ ctx, params, body, query, request }) =>
        toCheckResponse(await updateCheck({ ctx, type, id: params.id, input: body, query }), baseUrl(request)),
    },
  ] satisfies Route[];
});

export const checksRoutes: Route[] = [
  ...typedRoutes,
  {
    method: "PUT",
    path: "/v1/checks/{id}",
    operationId: "updateCheck",
    summary: "Update a check (deprecated)",
    description:
      "Deprecated: use `PUT /v1/checks/api/{id}` or `PUT /v1/checks/browser/{id}`. A list sent as `null`, and `groupId: null`, leave the stored value unchanged; `[]` clears a list.",
    deprecated: true,
    tag,
    params,
    query: AutoAssignAlertsQuery,
    body: DeprecatedUpdateCheckInput,
    status: 200,
    response: CheckResponse,
    handler: async ({ ctx, params, body, query, request, reply }) => {
      const check = await updateCheckDeprecated({ ctx, id: params.id, input: body, query });
      markDeprecated(reply, `/v1/checks/api/${check.id}`);
      return toCheckResponse(check, baseUrl(request));
    },
  },
  {
    method: "DELETE",
    path: "/v1/checks/{id}",
    operationId: "deleteCheck",
    summary: "Delete a check",
    description: "Its runs, results, heartbeat events and alert subscriptions are deleted with it.",
    tag,
    params,
    status: 204,
    handler: async ({ ctx, params }) => deleteCheck({ ctx, id: params.id }),
  },
];
