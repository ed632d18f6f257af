import { pageErrorReportsOf, type ErrorReportView } from "../../../domain/private-locations/index.js";
import type { PageArgs } from "../../../domain/shared/pagination.js";
import { builder } from "../../builder.js";
import { domain, loader, type GraphQLContext } from "../../context.js";

export const AgentErrorReportRef = builder.objectRef<ErrorReportView>("AgentErrorReport").implement({
  description:
    "An error-level event an agent of the location reported: only these facts, never keys, variables, URLs, headers or bodies.",
  fields: (t) => ({
    id: t.exposeID("id"),
    message: t.exposeString("message"),
    stack: t.exposeString("stack", { nullable: true }),
    agentVersion: t.exposeString("agentVersion"),
    platform: t.exposeString("platform"),
    runtimeVersion: t.exposeString("runtimeVersion"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

/** The reports of every location of a list asking with the same arguments come from one statement. */
export function errorReportsOf(ctx: GraphQLContext, args: PageArgs, locationId: string) {
  const page = { first: args.first, after: args.after, last: args.last, before: args.before };
  return loader(ctx, `PrivateLocation.errorReports:${JSON.stringify(page)}`, (ids: readonly string[]) =>
    pageErrorReportsOf({ ctx: domain(ctx), locationIds: ids, args: page }),
  ).load(locationId);
}
