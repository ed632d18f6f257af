import type { CheckGroupRow } from "../../../domain/check-groups/index.js";
import { getCheckGroups, pageCheckGroups } from "../../../domain/check-groups/index.js";
import { pageGroupChecks, type GroupChecksKey } from "../../../domain/checks/index.js";
import { builder } from "../../builder.js";
import { toConnection } from "../../connection.js";
import { domain, loader, type GraphQLContext } from "../../context.js";
import { LocationEnum, RuntimeEnum } from "../checks/enums.js";
import { CheckConnectionRef, CheckRef } from "../checks/type.js";
import {
  AlertChannelSubscriptionRef,
  AlertSettingsRef,
  AssertionRef,
  BasicAuthRef,
  EnvironmentVariableRef,
  KeyValueRef,
  RetryStrategyRef,
} from "../checks/settings.js";
import { brandedLoader } from "../../node-loader.js";
import { DATABASE_ID_INT } from "../../node-ids.js";

type ApiCheckDefaults = {
  url: string | null;
  headers: unknown[];
  queryParameters: unknown[];
  assertions: unknown[];
  basicAuth: { username: string; password: string } | null;
};

const ApiCheckDefaultsRef = builder.objectRef<ApiCheckDefaults>("ApiCheckDefaults").implement({
  description: "Defaults for the API checks of a group.",
  fields: (t) => ({
    url: t.string({ nullable: true, resolve: (d) => d.url ?? null }),
    headers: t.field({ type: [KeyValueRef], resolve: (d) => (d.headers ?? []) as never }),
    queryParameters: t.field({ type: [KeyValueRef], resolve: (d) => (d.queryParameters ?? []) as never }),
    assertions: t.field({ type: [AssertionRef], resolve: (d) => (d.assertions ?? []) as never }),
    basicAuth: t.field({ type: BasicAuthRef, nullable: true, resolve: (d) => d.basicAuth ?? null }),
  }),
});

/** A JSON column read as the shape its field declares (the domain stored it parsed). */
const json = (key: keyof CheckGroupRow) => (group: CheckGroupRow) => group[key] as never;

export const CheckGroupRef = builder.objectRef<CheckGroupRow>("CheckGroup");

/** The request's loader of groups by id: every Check.group of one response in one query. */
export const groupLoader = (ctx: GraphQLContext) =>
  loader(ctx, "CheckGroup.byId", (ids: readonly number[]) => getCheckGroups({ ctx: domain(ctx), ids }));

export const CheckGroupNode = builder.node(CheckGroupRef, {
  description: "Checks that share defaults (locations, alert settings, runtime, API defaults, environment variables).",
  // Pothos hands Node a cached node before it brands it (node and nodes of one id in one document):
  // the row's own shape tells the type then.
  isTypeOf: (value) =>
    typeof value === "object" && value !== null && "concurrency" in value && "apiCheckDefaults" in value,
  id: { resolve: (group) => group.id },
  loadMany: brandedLoader("CheckGroup", (ids, ctx) => getCheckGroups({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    databaseId: t.exposeInt("id", { description: DATABASE_ID_INT }),
    name: t.exposeString("name"),
    activated: t.exposeBoolean("activated", { description: "Whether the group's checks run." }),
    muted: t.exposeBoolean("muted"),
    tags: t.stringList({ resolve: json("tags") }),
    locations: t.field({ type: [LocationEnum], resolve: json("locations") }),
    concurrency: t.exposeInt("concurrency", {
      description: "How many checks run at once when the group is triggered from CI/CD or the API.",
    }),
    apiCheckDefaults: t.field({ type: ApiCheckDefaultsRef, resolve: json("apiCheckDefaults") }),
    browserCheckDefaults: t.string({ nullable: true, resolve: json("browserCheckDefaults") }),
    runtimeId: t.field({ type: RuntimeEnum, nullable: true, resolve: json("runtimeId") }),
    environmentVariables: t.field({
      type: [EnvironmentVariableRef],
      nullable: true,
      resolve: json("environmentVariables"),
    }),
    doubleCheck: t.exposeBoolean("doubleCheck", { deprecationReason: "retryStrategy replaces it" }),
    useGlobalAlertSettings: t.exposeBoolean("useGlobalAlertSettings", { nullable: true }),
    alertSettings: t.field({ type: AlertSettingsRef, nullable: true, resolve: json("alertSettings") }),
    alertChannelSubscriptions: t.field({
      type: [AlertChannelSubscriptionRef],
      resolve: (group) => group.alertChannelSubscriptions,
    }),
    setupSnippetId: t.exposeInt("setupSnippetId", { nullable: true }),
    tearDownSnippetId: t.exposeInt("tearDownSnippetId", { nullable: true }),
    localSetupScript: t.exposeString("localSetupScript", { nullable: true }),
    localTearDownScript: t.exposeString("localTearDownScript", { nullable: true }),
    privateLocations: t.stringList({
      nullable: true,
      description: "Slug names of the account's private locations.",
      resolve: json("privateLocations"),
    }),
    runParallel: t.exposeBoolean("runParallel", { nullable: true }),
    retryStrategy: t.field({
      type: RetryStrategyRef,
      nullable: true,
      description: "null: no retries.",
      resolve: json("retryStrategy"),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
    checks: t.connection(
      {
        type: CheckRef,
        description: "The group's checks, newest first; the pages of all groups in one response load together.",
        resolve: async (group, { first, after, last, before }, ctx) => {
          const pages = loader(ctx, "CheckGroup.checks", (keys: readonly GroupChecksKey[]) =>
            pageGroupChecks({ ctx: domain(ctx), keys }),
          );
          return toConnection(await pages.load({ groupId: group.id, args: { first, after, last, before } }));
        },
      },
      CheckConnectionRef,
    ),
  }),
});

builder.queryFields((t) => ({
  checkGroups: t.connection(
    {
      type: CheckGroupNode,
      description: "The account's check groups, newest first.",
      args: { search: t.arg.string({ description: "A case-insensitive part of the name." }) },
      resolve: async (_root, { search, ...args }, ctx) =>
        toConnection(await pageCheckGroups({ ctx: domain(ctx), args, search })),
    },
    { name: "CheckGroupConnection" },
    { name: "CheckGroupEdge" },
  ),
}));

builder.interfaceField(CheckRef, "group", (t) =>
  t.field({
    type: CheckGroupRef,
    nullable: true,
    resolve: (check, _args, ctx) => (check.groupId === null ? null : groupLoader(ctx).load(check.groupId)),
  }),
);
