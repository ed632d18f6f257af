import { GraphQLError } from "graphql";
import { type CheckCounts, countChecks } from "../../../domain/checks/index.js";
import { isWindowActive, ongoingMaintenanceWindows } from "../../../domain/maintenance-windows/index.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { MaintenanceWindowNode } from "../maintenance-windows/type.js";

// What an overview screen needs that lists do not give: counts by state without reading the
// checks, and whether a maintenance window is running now.

const CheckCountsRef = builder.objectRef<CheckCounts>("CheckCounts").implement({
  description: "How many of the account's checks are in each state; paused checks count only as paused.",
  fields: (t) => ({
    total: t.exposeInt("total"),
    passing: t.exposeInt("passing", { description: "Activated checks passing (or that never ran)." }),
    degraded: t.exposeInt("degraded", { description: "Activated checks degraded." }),
    failing: t.exposeInt("failing", { description: "Activated checks failing." }),
    paused: t.exposeInt("paused", { description: "Checks not activated, whatever their last state." }),
  }),
});

builder.queryFields((t) => ({
  checkCounts: t.field({
    type: CheckCountsRef,
    description: "The account's checks counted by state, in a fixed number of statements.",
    resolve: (_root, _args, ctx) => countChecks({ ctx: domain(ctx) }),
  }),
}));

builder.objectFields(MaintenanceWindowNode, (t) => ({
  activeNow: t.boolean({
    description: "Whether one of the window's occurrences is running now.",
    resolve: (window) => isWindowActive(window, new Date()),
  }),
}));

builder.queryFields((t) => ({
  ongoingMaintenanceWindows: t.field({
    type: [MaintenanceWindowNode],
    description:
      "The account's windows with an occurrence running now, oldest first: at most `first` (1 to 100), whatever the number of windows.",
    args: { first: t.arg.int({ required: true, defaultValue: 20 }) },
    resolve: (_root, { first }, ctx) => {
      if (!Number.isInteger(first) || first < 1 || first > 100)
        throw new GraphQLError("first must be between 1 and 100", { extensions: { code: "BAD_USER_INPUT" } });
      return ongoingMaintenanceWindows({ ctx: domain(ctx), at: new Date(), most: first });
    },
  }),
}));
