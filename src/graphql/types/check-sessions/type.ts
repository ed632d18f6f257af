import {
  getCheckSessions,
  pageResultsOfSessions,
  SESSION_STATUSES,
  type CheckSessionView,
} from "../../../domain/check-sessions/index.js";
import type { PageArgs } from "../../../domain/shared/pagination.js";
import { builder } from "../../builder.js";
import { toConnection } from "../../connection.js";
import { domain, loader, type GraphQLContext } from "../../context.js";
import { CheckResultConnectionRef, CheckResultNode } from "../check-results/type.js";
import { brandedLoader } from "../../node-loader.js";
import { CheckRef, loadCheck } from "../checks/type.js";
import { DATABASE_ID_UUID } from "../../node-ids.js";

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
    databaseId: t.exposeString("id", { description: DATABASE_ID_UUID }),
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
