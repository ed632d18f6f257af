import { getCheckGroups } from "../../domain/check-groups/index.js";
import { checkProperty, type CheckRow } from "../../domain/checks/index.js";
import { builder } from "../builder.js";
import { domain, loader, type GraphQLContext } from "../context.js";
import { CHECK_TYPENAMES, CheckTypeEnum, LocationEnum, RuntimeEnum } from "./check-enums.js";
import { CheckGroupRef } from "./check-refs.js";
import { IntentRef } from "./check-requests.js";
import {
  AlertChannelSubscriptionRef,
  AlertSettingsRef,
  EnvironmentVariableRef,
  RetryStrategyRef,
  TriggerIncidentRef,
} from "./check-settings.js";
import { maintenanceLoader, MaintenanceStatusRef } from "./maintenance-window.js";
import { CheckRef } from "./refs.js";

/** A property of the check as the domain reads it (see checkProperty); typed by the field that shows it. */
export const prop = (key: string) => (check: CheckRow) => checkProperty(check, key) as never;

/** The request's loader of groups by id: every Check.group of one response in one query. */
export const groupLoader = (ctx: GraphQLContext) =>
  loader(ctx, "CheckGroup.byId", (ids: readonly number[]) => getCheckGroups({ ctx: domain(ctx), ids }));

builder.interfaceType(CheckRef, {
  description:
    "A scheduled monitor. Each check type is an object type with its own settings (ApiCheck.request, HeartbeatCheck.heartbeat...).",
  interfaces: [builder.nodeInterfaceRef()],
  resolveType: (check) => CHECK_TYPENAMES[check.checkType as keyof typeof CHECK_TYPENAMES],
  fields: (t) => ({
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
    group: t.field({
      type: CheckGroupRef,
      nullable: true,
      resolve: (check, _args, ctx) => (check.groupId === null ? null : groupLoader(ctx).load(check.groupId)),
    }),
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
