import {
  cancelCheckSession,
  getCheckSession,
  getCheckSessions,
  pageResultsOfSessions,
  SESSION_STATUSES,
  type CheckSessionView,
  triggerCheckSessions,
} from "../../domain/check-sessions/index.js";
import { ValidationError } from "../../domain/errors.js";
import type { PageArgs } from "../../domain/pagination.js";
import { builder } from "../builder.js";
import { toConnection } from "../connection.js";
import { domain, loader, type GraphQLContext } from "../context.js";
import { CheckResultConnectionRef, CheckResultNode, loadCheck } from "./check-result-node.js";
import { writeErrors } from "./errors.js";
import { brandedLoader } from "../node-loader.js";
import { CheckRef } from "./refs.js";

const CheckSessionStatusEnum = builder.enumType("CheckSessionStatus", {
  description: "STARTED while every run waits, PROGRESS once one has moved, then the outcome (worst run first).",
  values: SESSION_STATUSES,
});

/** The results of several sessions with the same page arguments come from one statement. */
function resultsOfSession(ctx: GraphQLContext, args: PageArgs, sessionId: string) {
  const batch = (ids: readonly string[]) => pageResultsOfSessions({ ctx: domain(ctx), sessionIds: ids, args });
  return loader(ctx, `CheckSession.results:${JSON.stringify(args)}`, batch).load(sessionId);
}

export const CheckSessionNode = builder.node(builder.objectRef<CheckSessionView>("CheckSession"), {
  description: 'One triggered ("run now") execution of a check, at each of its locations.',
  id: { resolve: (s) => s.id },
  loadMany: brandedLoader("CheckSession", (ids, ctx) => getCheckSessions({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    name: t.exposeString("name"),
    status: t.field({ type: CheckSessionStatusEnum, resolve: (s) => s.status }),
    startedAt: t.expose("startedAt", { type: "DateTime" }),
    stoppedAt: t.expose("stoppedAt", { type: "DateTime", nullable: true }),
    check: t.field({ type: CheckRef, resolve: (s, _args, ctx) => loadCheck(ctx, s.check.id) }),
    runLocations: t.stringList({
      description: "Data-center locations and private-location slugs the session runs in.",
      resolve: (s) => s.runLocations,
    }),
    results: t.connection(
      {
        type: CheckResultNode,
        description: "The results recorded so far (FINAL and ATTEMPT), newest first.",
        resolve: async (s, args, ctx) => toConnection(await resultsOfSession(ctx, args, s.id)),
      },
      CheckResultConnectionRef,
    ),
  }),
});

const CheckSessionTargetInput = builder.inputType("CheckSessionTargetInput", {
  description: "Which checks to run: both conditions when both are given, every eligible check when neither is.",
  fields: (t) => ({
    checkIds: t.globalIDList({ description: "Global ids of checks." }),
    matchTags: t.field({
      type: t.listRef(t.listRef("String")),
      description:
        "An OR of groups, each an AND of tags; !tag asks for checks without it. A check's group's tags count as its own.",
    }),
  }),
});

/**
 * The domain names the fields as REST does (checkId, sequenceId); a ValidationError's paths are
 * given back under this API's plural names, so that they name the arguments that were sent.
 */
async function renamingPaths<T>(run: () => Promise<T>, renames: Record<string, string>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const rename = (path: string) =>
      Object.entries(renames).reduce(
        (p, [from, to]) => (p === from || p.startsWith(`${from}.`) ? to + p.slice(from.length) : p),
        path,
      );
    throw new ValidationError(error.message.replace(/[\w.]+(?=:)/g, rename), error.keys.map(rename), error.source);
  }
}

const present = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v != null));

builder.mutationFields((t) => ({
  triggerCheckSessions: t.field({
    type: [CheckSessionNode],
    description:
      "Starts one session per matching check (activated, not a heartbeat, with a location); NotFoundError when none matches.",
    errors: writeErrors,
    args: {
      target: t.arg({ type: CheckSessionTargetInput }),
      refreshCache: t.arg.boolean({ description: "Playwright suites only." }),
    },
    resolve: (_root, { target, refreshCache }, ctx) => {
      const input = present({
        target: target && present({ checkId: target.checkIds?.map((id) => id.id), matchTags: target.matchTags }),
        refreshCache,
      });
      return renamingPaths(() => triggerCheckSessions({ ctx: domain(ctx), input }), {
        "target.checkId": "target.checkIds",
      });
    },
  }),
  cancelCheckSession: t.field({
    type: CheckSessionNode,
    description:
      "Cancels the session's runs still queued or running (only those of sequenceIds, when given); a finished session is left as it is.",
    errors: writeErrors,
    args: {
      id: t.arg.globalID({ required: true, for: CheckSessionNode }),
      sequenceIds: t.arg.stringList({ description: "Only these runs of the session (at least one)." }),
    },
    resolve: async (_root, { id, sequenceIds }, ctx) => {
      const input = present({ sequenceId: sequenceIds });
      await renamingPaths(() => cancelCheckSession({ ctx: domain(ctx), id: id.id, input }), {
        sequenceId: "sequenceIds",
      });
      return getCheckSession({ ctx: domain(ctx), id: id.id });
    },
  }),
}));
