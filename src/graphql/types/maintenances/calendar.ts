import { ValidationError } from "../../../domain/shared/errors.js";
import { maintenancesBetween } from "../../../domain/maintenances/index.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { MaintenanceRef } from "./type.js";

const DAY_MS = 86_400_000;
const MOST = 200;

builder.queryFields((t) => ({
  maintenances: t.field({
    type: [MaintenanceRef],
    description: `The account's maintenances (occurrences of all its windows) overlapping from..to, in time order, at most ${MOST}: a calendar. By default from now to 30 days ahead (occurrences are made up to 90 days ahead).`,
    args: { from: t.arg({ type: "DateTime" }), to: t.arg({ type: "DateTime" }) },
    resolve: (_root, args, ctx) => {
      const now = domain(ctx).now().getTime();
      const from = args.from ?? new Date(now);
      const to = args.to ?? new Date(from.getTime() + 30 * DAY_MS);
      if (to <= from) throw new ValidationError("to must be after from", ["to"], "query");
      return maintenancesBetween({ ctx: domain(ctx), from, to, most: MOST });
    },
  }),
}));
