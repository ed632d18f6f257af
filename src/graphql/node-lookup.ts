import { PothosValidationError } from "@pothos/core";
import { getCheckGroups } from "../domain/check-groups/index.js";
import { getCheckResults } from "../domain/check-results/index.js";
import { getCheckSessions } from "../domain/check-sessions/index.js";
import { getChecks } from "../domain/checks/index.js";
import { getHeartbeatEvents } from "../domain/heartbeats/index.js";
import { getIncidents, getIncidentUpdates } from "../domain/incidents/index.js";
import { getMaintenanceWindows } from "../domain/maintenance-windows/index.js";
import { getMaintenances, getMaintenanceUpdates } from "../domain/maintenances/index.js";
import { getAgentKeys, getPrivateLocations } from "../domain/private-locations/index.js";
import { publicIdsOf, type PublicNodeKind } from "../domain/status-pages/public/index.js";
import { getServices } from "../domain/status-page-services/index.js";
import { getStatusPages } from "../domain/status-pages/index.js";
import { domain, type GraphQLContext } from "./context.js";
import { asGlobalId, CHECK_TYPENAMES } from "./node-ids.js";

/** The typename relay's decoding gives a value of node/nodes that is not a global id: a REST id, typed below. */
const REST_ID = "#rest";

/** relay's decodeGlobalID for Query.node and Query.nodes: a REST id passes, to be typed by `typeRestIds`. */
export const decodeNodeId = (raw: string) => asGlobalId(raw) ?? { typename: REST_ID, id: raw };

type Lookup = (ctx: GraphQLContext, ids: string[]) => Promise<readonly (object | null)[]>;
const byUuid: [string | ((row: object) => string), Lookup][] = [
  [
    (row) => CHECK_TYPENAMES[(row as { checkType: keyof typeof CHECK_TYPENAMES }).checkType],
    (ctx, ids) => getChecks({ ctx: domain(ctx), ids }),
  ],
  ["CheckResult", (ctx, ids) => getCheckResults({ ctx: domain(ctx), ids })],
  ["CheckSession", (ctx, ids) => getCheckSessions({ ctx: domain(ctx), ids })],
  ["HeartbeatEvent", (ctx, ids) => getHeartbeatEvents({ ctx: domain(ctx), ids })],
  ["Incident", (ctx, ids) => getIncidents({ ctx: domain(ctx), ids })],
  ["IncidentUpdate", (ctx, ids) => getIncidentUpdates({ ctx: domain(ctx), ids })],
  ["Maintenance", (ctx, ids) => getMaintenances({ ctx: domain(ctx), ids })],
  ["MaintenanceUpdate", (ctx, ids) => getMaintenanceUpdates({ ctx: domain(ctx), ids })],
  ["PrivateLocation", (ctx, ids) => getPrivateLocations({ ctx: domain(ctx), ids })],
  ["AgentKey", (ctx, ids) => getAgentKeys({ ctx: domain(ctx), ids })],
  ["Service", (ctx, ids) => getServices({ ctx: domain(ctx), ids })],
  ["StatusPage", (ctx, ids) => getStatusPages({ ctx: domain(ctx), ids })],
];
const byInteger: [string, Lookup][] = [
  ["CheckGroup", (ctx, ids) => getCheckGroups({ ctx: domain(ctx), ids: ids.map(Number) })],
  ["MaintenanceWindow", (ctx, ids) => getMaintenanceWindows({ ctx: domain(ctx), ids: ids.map(Number) })],
];
/** Without a key, a REST id can only name what a visitor may load (node-visitors.ts). */
const VISITOR_KINDS: PublicNodeKind[] = ["StatusPage", "Incident", "IncidentUpdate", "Service"];
const byUuidForVisitors: [string, Lookup][] = VISITOR_KINDS.map((kind) => [
  kind,
  async (ctx, ids) => {
    const visible = await publicIdsOf({ db: ctx.app.database.prisma, kind, ids });
    return ids.map((id) => (visible.has(id.toLowerCase()) ? {} : null));
  },
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Query.node and Query.nodes take a REST id too: a uuid names one row of the account whatever its
 * table, an integer a check group or a maintenance window (both: the client must send the global
 * id). The parsed ids are given their type in place, then relay loads them as it loads global ids;
 * a REST id of nothing keeps a type whose load finds nothing, so it answers null like an unknown
 * global id. One query per node table for all the REST ids of a request, none without them.
 * Without a key, only the tables a visitor may reach are asked, through the visitor's loads.
 */
export async function typeRestIds(ctx: GraphQLContext, ids: { typename: string; id: string }[]): Promise<void> {
  const rest = ids.filter((id) => id.typename === REST_ID);
  if (rest.length === 0) return;
  for (const id of rest)
    if (!UUID.test(id.id) && !/^\d+$/.test(id.id)) throw new PothosValidationError(`Invalid global ID: ${id.id}`);
  for (const [lookups, values, nothing] of [
    [ctx.caller ? byUuid : byUuidForVisitors, rest.filter((id) => UUID.test(id.id)), "StatusPage"],
    [ctx.caller ? byInteger : [], rest.filter((id) => !UUID.test(id.id)), "CheckGroup"],
  ] as const) {
    if (values.length === 0) continue;
    const keys = [...new Set(values.map((id) => id.id))];
    const found = await Promise.all(lookups.map(([, lookup]) => lookup(ctx, keys)));
    for (const id of values) {
      const index = keys.indexOf(id.id);
      const owners = lookups.flatMap(([typename], table) => {
        const row = found[table]![index];
        return row ? [typeof typename === "string" ? typename : typename(row)] : [];
      });
      if (owners.length > 1)
        throw new PothosValidationError(`ID: ${id.id} names a ${owners.join(" and a ")}: send the global id`);
      id.typename = owners[0] ?? nothing;
    }
  }
}
