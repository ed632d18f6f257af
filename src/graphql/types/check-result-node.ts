import { getChecks, type CheckRow } from "../../domain/checks/index.js";
import { NotFoundError } from "../../domain/errors.js";
import {
  getCheckResults,
  RESULT_TYPE_FILTERS,
  RESULT_TYPES,
  type AgenticCheckResult,
  type ApiCheckResult,
} from "../../domain/check-results/index.js";
import type { z } from "zod";
import { builder } from "../builder.js";
import { domain, loader, type GraphQLContext } from "../context.js";
import { AgenticCheckResultRef } from "./check-result-agentic.js";
import { ApiCheckResultRef } from "./check-result-api.js";
import { brandedLoader } from "../node-loader.js";
import { CheckRef, CheckResultRef } from "./refs.js";

export const CheckResultTypeEnum = builder.enumType("CheckResultType", {
  description: "FINAL: the outcome of a run at one location; ATTEMPT: a failed try that was retried.",
  values: RESULT_TYPES,
});
export const CheckResultTypeFilterEnum = builder.enumType("CheckResultTypeFilter", {
  description: "Which results a list holds: FINAL (the default), ATTEMPT, or ALL of them.",
  values: RESULT_TYPE_FILTERS,
});

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

export const CheckResultNode = builder.node(CheckResultRef, {
  description: "The outcome of one run (or one retried attempt) of a check at one location.",
  id: { resolve: (r) => r.id },
  loadMany: brandedLoader("CheckResult", (ids, ctx) => getCheckResults({ ctx: domain(ctx), ids })),
  fields: (t) => ({
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
    agenticCheckResult: t.field({
      type: AgenticCheckResultRef,
      nullable: true,
      resolve: (r) => r.agenticCheckResult as z.output<typeof AgenticCheckResult> | null,
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
