import {
  getCheckResults,
  pageCheckResults,
  pageResultsOfChecks,
  type CheckResultFilters,
  type RESULT_TYPES,
  type AgenticCheckResult,
  type CheckResultRow,
  type ApiCheckResult,
  type SslCheckResult,
} from "../../../domain/check-results/index.js";
import type { ArgBuilder } from "@pothos/core";
import type { z } from "zod";
import type { PageArgs } from "../../../domain/shared/pagination.js";
import { builder, type Types } from "../../builder.js";
import { toConnection } from "../../connection.js";
import { domain, loader, type GraphQLContext } from "../../context.js";
import { AgenticCheckResultRef } from "./agentic-result.js";
import { ApiCheckResultRef } from "./api-result.js";
import { SslCheckResultRef } from "./ssl-result.js";
import { BrowserPageRef, BrowserTraceSummaryRef, browserPages, browserTraceSummary } from "./browser-result.js";
import { brandedLoader } from "../../node-loader.js";
import { databaseIdOf } from "../../node-ids.js";
import { CheckTypeEnum, LocationEnum } from "../checks/enums.js";
import { CheckRef, loadCheck } from "../checks/type.js";
import { CheckResultTypeEnum, CheckResultTypeFilterEnum } from "./enums.js";
import { DATABASE_ID_UUID } from "../../node-ids.js";

export const CheckResultRef = builder.objectRef<CheckResultRow>("CheckResult");

export const CheckResultNode = builder.node(CheckResultRef, {
  description: "The outcome of one run (or one retried attempt) of a check at one location.",
  id: { resolve: (r) => r.id },
  loadMany: brandedLoader("CheckResult", (ids, ctx) => getCheckResults({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    databaseId: t.exposeString("id", { description: DATABASE_ID_UUID }),
    resultType: t.field({ type: CheckResultTypeEnum, resolve: (r) => r.resultType as (typeof RESULT_TYPES)[number] }),
    name: t.exposeString("name", { description: "The check's name when the result was recorded." }),
    checkId: t.exposeString("checkId", {
      description: "The check's database id, as REST shows it (check gives the node).",
    }),
    check: t.field({ type: CheckRef, resolve: (r, _args, ctx) => loadCheck(ctx, r.checkId) }),
    hasFailures: t.exposeBoolean("hasFailures", {
      description: "A failure in the run: failed assertions, a timeout, a failing script.",
    }),
    hasErrors: t.exposeBoolean("hasErrors", { description: "An internal error of the service while running." }),
    isDegraded: t.exposeBoolean("isDegraded", {
      nullable: true,
      description: "API checks: over the check's degradedResponseTime.",
    }),
    isCancelled: t.exposeBoolean("isCancelled"),
    overMaxResponseTime: t.exposeBoolean("overMaxResponseTime", {
      nullable: true,
      description: "API checks: over the check's maxResponseTime.",
    }),
    runLocation: t.exposeString("runLocation"),
    startedAt: t.expose("startedAt", { type: "DateTime", nullable: true }),
    stoppedAt: t.expose("stoppedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    responseTime: t.exposeInt("responseTime", {
      description: "Milliseconds of the relevant parts of the run, without setup.",
    }),
    apiCheckResult: t.field({
      type: ApiCheckResultRef,
      nullable: true,
      resolve: (r) => r.apiCheckResult as z.output<typeof ApiCheckResult> | null,
    }),
    browserCheckResult: t.field({ type: "JSON", nullable: true, resolve: (r) => r.browserCheckResult }),
    multiStepCheckResult: t.field({ type: "JSON", nullable: true, resolve: (r) => r.multiStepCheckResult }),
    browserPages: t.field({
      type: [BrowserPageRef],
      nullable: true,
      description: "BROWSER and PLAYWRIGHT results: the pages the script left open, with their web vitals.",
      resolve: browserPages,
    }),
    browserTraceSummary: t.field({
      type: BrowserTraceSummaryRef,
      nullable: true,
      description:
        "BROWSER, MULTI_STEP and PLAYWRIGHT results: counts of console, script, network and document errors.",
      resolve: browserTraceSummary,
    }),
    agenticCheckResult: t.field({
      type: AgenticCheckResultRef,
      nullable: true,
      resolve: (r) => r.agenticCheckResult as z.output<typeof AgenticCheckResult> | null,
    }),
    sslCheckResult: t.field({
      type: SslCheckResultRef,
      nullable: true,
      resolve: (r) => r.sslCheckResult as z.output<typeof SslCheckResult> | null,
    }),
    checkRunId: t.exposeInt("checkRunId", { nullable: true, description: "The run that produced the result." }),
    attempts: t.exposeInt("attempts", { description: "Tries before this one (0 for a first try)." }),
    sequenceId: t.exposeString("sequenceId", {
      nullable: true,
      description: "Shared by every attempt and location of one run.",
    }),
    errorGroupIds: t.stringList({
      resolve: (r) => (Array.isArray(r.errorGroupIds) ? (r.errorGroupIds as string[]) : []),
    }),
  }),
});

/** One connection type for every list of results (Query.checkResults, Check.results, CheckSession.results). */
export const CheckResultConnectionRef = builder.connectionObject(
  { type: CheckResultNode, name: "CheckResultConnection" },
  { name: "CheckResultEdge" },
);

/** The filters of REST v2 (GET /v2/check-results/{checkId}), with the same meaning and defaults. */
const filterArgs = (arg: ArgBuilder<Types>) => ({
  from: arg({ type: "DateTime", description: "Results that started at or after this time." }),
  to: arg({ type: "DateTime", description: "Results that started before this time (exclusive)." }),
  location: arg({ type: LocationEnum }),
  checkType: arg({ type: CheckTypeEnum }),
  hasFailures: arg.boolean({ description: "true: only results with failures; false: only those without." }),
  resultType: arg({ type: CheckResultTypeFilterEnum, defaultValue: "FINAL" }),
});

type Args = PageArgs & CheckResultFilters;
const split = ({ first, after, last, before, ...filters }: Args) => ({ page: { first, after, last, before }, filters });

/**
 * The results of many checks with the same arguments (a list of checks, each asking for its
 * results) come from one statement: one loader per distinct set of arguments.
 */
function resultsOfCheck(ctx: GraphQLContext, args: Args, checkId: string) {
  const { page, filters } = split(args);
  const batch = (ids: readonly string[]) =>
    pageResultsOfChecks({ ctx: domain(ctx), checkIds: ids, args: page, filters });
  return loader(ctx, `Check.results:${JSON.stringify(args)}`, batch).load(checkId);
}

builder.interfaceFields(CheckRef, (t) => ({
  results: t.connection(
    {
      type: CheckResultNode,
      description: "The check's results, newest first (startedAt, then id); edge cursors are REST v2 nextId values.",
      args: filterArgs(t.arg),
      resolve: async (check, args, ctx) => toConnection(await resultsOfCheck(ctx, args, check.id)),
    },
    CheckResultConnectionRef,
  ),
}));

builder.queryFields((t) => ({
  checkResults: t.connection(
    {
      type: CheckResultNode,
      nullable: true,
      description:
        "The results of one of the account's checks, newest first, as GET /v2/check-results/{checkId} lists them: " +
        "a REST nextId is a valid `after`, and an edge cursor a valid nextId. Null when the check is not the account's.",
      args: {
        checkId: t.arg.id({ required: true, description: "The global id of the check, or its REST id (databaseId)." }),
        ...filterArgs(t.arg),
      },
      resolve: async (_root, { checkId, ...args }, ctx) => {
        const { page, filters } = split(args);
        const found = await pageCheckResults({ ctx: domain(ctx), checkId: databaseIdOf(checkId), args: page, filters });
        return found && toConnection(found);
      },
    },
    CheckResultConnectionRef,
  ),
}));
