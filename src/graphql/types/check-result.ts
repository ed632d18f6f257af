import type { ArgBuilder } from "@pothos/core";
import { pageCheckResults, pageResultsOfChecks, type CheckResultFilters } from "../../domain/check-results/index.js";
import type { PageArgs } from "../../domain/pagination.js";
import { builder } from "../builder.js";
import { toConnection } from "../connection.js";
import { domain, loader, type GraphQLContext } from "../context.js";
import { CheckTypeEnum, LocationEnum } from "./check-enums.js";
import { CheckResultConnectionRef, CheckResultNode, CheckResultTypeFilterEnum } from "./check-result-node.js";
import { CheckRef } from "./refs.js";

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

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
        checkId: t.arg.globalID({ required: true, description: "The global id of the check." }),
        ...filterArgs(t.arg),
      },
      resolve: async (_root, { checkId, ...args }, ctx) => {
        const { page, filters } = split(args);
        const found = await pageCheckResults({ ctx: domain(ctx), checkId: checkId.id, args: page, filters });
        return found && toConnection(found);
      },
    },
    CheckResultConnectionRef,
  ),
}));
