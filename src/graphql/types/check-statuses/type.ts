import { type CheckStatusView, getCheckStatuses, toCheckStatusView } from "../../../domain/check-statuses/index.js";
import { builder } from "../../builder.js";
import { domain, loader } from "../../context.js";
import { CheckStatusValueEnum } from "../checks/enums.js";
import { CheckRef } from "../checks/type.js";

/** GET /v1/check-statuses/{checkId} as GraphQL shows it (the same view). */
export const CheckStatusRef = builder.objectRef<CheckStatusView>("CheckStatus");

builder.objectType(CheckStatusRef, {
  description: "A check's current status, kept as its results come in; a check that never ran shows the defaults.",
  fields: (t) => ({
    checkId: t.exposeString("checkId", { description: "The check's database id, as REST shows it." }),
    name: t.exposeString("name", { description: "The check's name." }),
    status: t.field({ type: CheckStatusValueEnum, resolve: (s) => s.status }),
    statusSince: t.expose("statusSince", {
      type: "DateTime",
      nullable: true,
      description: "When the check became so; null until its first run.",
    }),
    hasFailures: t.exposeBoolean("hasFailures"),
    hasErrors: t.exposeBoolean("hasErrors"),
    isDegraded: t.exposeBoolean("isDegraded"),
    longestRun: t.exposeInt("longestRun", { nullable: true, description: "Milliseconds." }),
    shortestRun: t.exposeInt("shortestRun", { nullable: true, description: "Milliseconds." }),
    lastRunLocation: t.exposeString("lastRunLocation", { nullable: true }),
    lastCheckRunId: t.exposeInt("lastCheckRunId", { nullable: true }),
    sslDaysRemaining: t.int({ nullable: true, description: "Not measured yet: null.", resolve: () => null }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
  }),
});

builder.interfaceFields(CheckRef, (t) => ({
  status: t.field({
    type: CheckStatusRef,
    description: "The check's current status (GET /v1/check-statuses/{checkId}); one query for a whole list of checks.",
    resolve: async (check, _args, ctx) => {
      const row = await loader(ctx, "Check.status", (ids: readonly string[]) =>
        getCheckStatuses({ ctx: domain(ctx), checkIds: ids }),
      ).load(check.id);
      return toCheckStatusView(check, row);
    },
  }),
}));
