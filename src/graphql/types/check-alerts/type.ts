import {
  type CheckAlertView,
  pageAlertsOfChecks,
  pageCheckAlerts,
  toCheckAlertView,
} from "../../../domain/check-alerts/index.js";
import type { Page, PageArgs } from "../../../domain/shared/pagination.js";
import { builder } from "../../builder.js";
import { toConnection } from "../../connection.js";
import { domain, loader } from "../../context.js";
import { DATABASE_ID_UUID } from "../../node-ids.js";
import { CheckTypeEnum } from "../checks/enums.js";
import { CheckRef, loadCheck } from "../checks/type.js";

/** GET /v1/check-alerts as GraphQL shows it (the same view). */
export const CheckAlertRef = builder.objectRef<CheckAlertView>("CheckAlert");

builder.objectType(CheckAlertRef, {
  description: "One alert decision for a check, sent or silenced.",
  fields: (t) => ({
    databaseId: t.exposeString("id", { description: DATABASE_ID_UUID }),
    alertType: t.exposeString("alertType", { description: "ALERT_FAILURE, ALERT_RECOVERY, ALERT_DEGRADED..." }),
    silenced: t.exposeBoolean("silenced", {
      description: "Decided but not sent: a muted check or group, or a maintenance window silencing alerts.",
    }),
    name: t.exposeString("name", { description: "The check's name when the alert was decided." }),
    checkId: t.exposeString("checkId", { description: "The check's database id (check gives the node)." }),
    check: t.field({ type: CheckRef, resolve: (a, _args, ctx) => loadCheck(ctx, a.checkId) }),
    checkType: t.field({ type: CheckTypeEnum, resolve: (a) => a.checkType as never }),
    runLocation: t.exposeString("runLocation", { nullable: true }),
    responseTime: t.exposeInt("responseTime", { nullable: true, description: "Milliseconds." }),
    error: t.exposeString("error", { nullable: true }),
    statusCode: t.exposeString("statusCode", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

export const CheckAlertConnectionRef = builder.connectionObject(
  { type: CheckAlertRef, name: "CheckAlertConnection" },
  { name: "CheckAlertEdge" },
);

const shown = <T extends Parameters<typeof toCheckAlertView>[0]>(page: Page<T>) =>
  toConnection({ ...page, nodes: page.nodes.map(toCheckAlertView) });

builder.interfaceFields(CheckRef, (t) => ({
  alerts: t.connection(
    {
      type: CheckAlertRef,
      description: "The check's alerts, newest first (createdAt, then id); one statement for a whole list of checks.",
      resolve: async (check, { first, after, last, before }, ctx) => {
        const args: PageArgs = { first, after, last, before };
        const batch = (ids: readonly string[]) => pageAlertsOfChecks({ ctx: domain(ctx), checkIds: ids, args });
        return shown(await loader(ctx, `Check.alerts:${JSON.stringify(args)}`, batch).load(check.id));
      },
    },
    CheckAlertConnectionRef,
  ),
}));

builder.queryFields((t) => ({
  checkAlerts: t.connection(
    {
      type: CheckAlertRef,
      description: "The account's alerts, newest first (createdAt, then id), with no time window.",
      resolve: async (_root, { first, after, last, before }, ctx) =>
        shown(await pageCheckAlerts({ ctx: domain(ctx), args: { first, after, last, before } })),
    },
    CheckAlertConnectionRef,
  ),
}));
