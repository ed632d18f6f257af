import { checkProperty, getChecks, pageChecks, type CheckRow } from "../../../domain/checks/index.js";
import { NotFoundError } from "../../../domain/shared/errors.js";
import { builder } from "../../builder.js";
import { toConnection } from "../../connection.js";
import { domain, loader, type GraphQLContext } from "../../context.js";
import { MaintenanceStatusRef, maintenanceLoader } from "../maintenance-windows/type.js";
import { CHECK_TYPENAMES, CheckStatusValueEnum, CheckTypeEnum, LocationEnum, RuntimeEnum } from "./enums.js";
import { IntentRef } from "./requests.js";
import {
  AlertChannelSubscriptionRef,
  AlertSettingsRef,
  EnvironmentVariableRef,
  RetryStrategyRef,
  TriggerIncidentRef,
} from "./settings.js";
import { DATABASE_ID_UUID, nodeId } from "../../node-ids.js";

/** A property of the check as the domain reads it (see checkProperty); typed by the field that shows it. */
export const prop = (key: string) => (check: CheckRow) => checkProperty(check, key) as never;

/**
 * A scheduled monitor of any type. Check.group (check-groups), Check.results (check-results) and
 * HeartbeatCheck's events (heartbeats) are added by the nouns they return, so this folder imports none of them.
 */
export const CheckRef = builder.interfaceRef<CheckRow>("Check");

/**
 * The check of a result, a session or a heartbeat event, through the request's loader (one
 * query for a whole response). Results, runs and events are deleted with their check, so a
 * missing one is a NOT_FOUND race, not an internal error.
 */
export async function loadCheck(ctx: GraphQLContext, id: string): Promise<CheckRow> {
  const check = await loader(ctx, "CheckResult.check", (ids: readonly string[]) =>
    getChecks({ ctx: domain(ctx), ids }),
  ).load(id);
  if (!check) throw new NotFoundError("check", id);
  return check;
}

builder.interfaceType(CheckRef, {
  description:
    "A scheduled monitor. Each check type is an object type with its own settings (ApiCheck.request, HeartbeatCheck.heartbeat...).",
  interfaces: [builder.nodeInterfaceRef()],
  resolveType: (check) => CHECK_TYPENAMES[check.checkType as keyof typeof CHECK_TYPENAMES],
  fields: (t) => ({
    databaseId: t.exposeString("id", { description: DATABASE_ID_UUID }),
    name: t.exposeString("name"),
    checkType: t.field({ type: CheckTypeEnum, resolve: (check) => check.checkType as never }),
    activated: t.exposeBoolean("activated"),
    muted: t.exposeBoolean("muted", {
      description: "Whether notifications are suppressed when the check fails or recovers.",
    }),
    doubleCheck: t.exposeBoolean("doubleCheck", { deprecationReason: "retryStrategy replaces it" }),
    shouldFail: t.exposeBoolean("shouldFail", {
      description: "Inverts what counts as a failure, so that e.g. a 404 can be the expected answer.",
    }),
    locations: t.field({ type: [LocationEnum], resolve: prop("locations") }),
    tags: t.stringList({ resolve: prop("tags") }),
    alertSettings: t.field({ type: AlertSettingsRef, nullable: true, resolve: prop("alertSettings") }),
    useGlobalAlertSettings: t.exposeBoolean("useGlobalAlertSettings"),
    groupOrder: t.exposeInt("groupOrder", {
      nullable: true,
      description: "Run order in the group when it is triggered from CI/CD or the API.",
    }),
    runtimeId: t.field({ type: RuntimeEnum, nullable: true, resolve: prop("runtimeId") }),
    retryStrategy: t.field({
      type: RetryStrategyRef,
      nullable: true,
      description: "null: no retries.",
      resolve: prop("retryStrategy"),
    }),
    triggerIncident: t.field({ type: TriggerIncidentRef, nullable: true, resolve: prop("triggerIncident") }),
    runParallel: t.exposeBoolean("runParallel"),
    description: t.exposeString("description", { nullable: true }),
    intent: t.field({ type: IntentRef, nullable: true, resolve: prop("intent") }),
    aiAutoRepairEnabled: t.boolean({ nullable: true, resolve: prop("aiAutoRepairEnabled") }),
    frequency: t.exposeInt("frequency", {
      description: "Minutes between runs; 0 runs every frequencyOffset seconds (API checks).",
    }),
    frequencyOffset: t.exposeInt("frequencyOffset", { nullable: true }),
    degradedResponseTime: t.int({
      nullable: true,
      description: "Milliseconds.",
      resolve: prop("degradedResponseTime"),
    }),
    maxResponseTime: t.int({ nullable: true, description: "Milliseconds.", resolve: prop("maxResponseTime") }),
    privateLocations: t.stringList({
      description: "Slug names of the account's private locations.",
      resolve: prop("privateLocations"),
    }),
    environmentVariables: t.field({ type: [EnvironmentVariableRef], resolve: prop("environmentVariables") }),
    alertChannelSubscriptions: t.field({
      type: [AlertChannelSubscriptionRef],
      resolve: prop("alertChannelSubscriptions"),
    }),
    maintenance: t.field({
      type: MaintenanceStatusRef,
      description: "Whether an active maintenance window pauses the check or silences its alerts now, and which.",
      resolve: (check, _args, ctx) => maintenanceLoader(ctx).load(check.id),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
  }),
});

/** One connection type for Query.checks and CheckGroup.checks. */
export const CheckConnectionRef = builder.connectionObject(
  { type: CheckRef, name: "CheckConnection" },
  { name: "CheckEdge" },
);

builder.queryFields((t) => ({
  checks: t.connection(
    {
      type: CheckRef,
      description: "The account's checks, newest first, with the filters of GET /v1/checks.",
      args: {
        checkType: t.arg({ type: CheckTypeEnum }),
        tag: t.arg.stringList({ description: "Checks having at least one of these tags." }),
        search: t.arg.string({ description: "A case-insensitive part of the name." }),
        apiCheckUrlFilterPattern: t.arg.string({
          description: "A case-insensitive part of an API check's URL; only API checks match.",
        }),
        status: t.arg({
          type: CheckStatusValueEnum,
          description: "The check's current status (Check.status); a check that never ran is PASSING.",
        }),
        activated: t.arg.boolean({ description: "true: running checks only; false: paused ones only." }),
        groupId: t.arg.id({ description: "The checks of this group (its global id, or its REST id)." }),
        location: t.arg.string({
          description:
            "The checks that run at this location: a data-center location (eu-west-1) or a private location's slug.",
        }),
      },
      resolve: async (_root, { first, after, last, before, groupId, ...filters }, ctx) => {
        const group = groupId == null ? null : nodeId(groupId, "CheckGroup");
        const args = { first, after, last, before };
        return toConnection(await pageChecks({ ctx: domain(ctx), args, filters: { ...filters, groupId: group } }));
      },
    },
    CheckConnectionRef,
  ),
}));
