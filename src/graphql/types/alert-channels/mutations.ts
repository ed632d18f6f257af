import {
  createAlertChannel,
  deleteAlertChannel,
  setAlertChannelSubscription,
  toAlertChannelSubscriptionView,
  updateAlertChannel,
} from "../../../domain/alert-channels/index.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { databaseIdOf, globalId, idDescription, nodeId } from "../../node-ids.js";
import { DeletedRef } from "../shared/deleted.js";
import { writeErrors } from "../shared/errors.js";
import { AlertChannelInput, AlertChannelSubscriptionTargetInput } from "./inputs.js";
import { AlertChannelNode, AlertChannelSubscriberRef } from "./type.js";

type Target = { checkId?: string | number | null; groupId?: string | number | null; activated: boolean };

/** A subscription target as the REST body: database ids (the domain names a wrong one). */
function toTarget({ checkId, groupId, activated }: Target) {
  const group = groupId == null ? groupId : databaseIdOf(groupId);
  return {
    checkId: checkId == null ? checkId : databaseIdOf(checkId),
    groupId: typeof group === "string" && /^\d+$/.test(group) ? Number(group) : group,
    activated,
  };
}

/** The input as the REST body: omitted (null) flags are left out, so they keep or take their defaults. */
function toBody(input: Record<string, unknown>) {
  const body = Object.fromEntries(Object.entries(input).filter(([, value]) => value != null));
  if (Array.isArray(input.subscriptions)) body.subscriptions = (input.subscriptions as Target[]).map(toTarget);
  return body;
}

builder.mutationFields((t) => ({
  createAlertChannel: t.field({
    type: AlertChannelNode,
    errors: writeErrors,
    args: { input: t.arg({ type: AlertChannelInput, required: true }) },
    resolve: (_root, { input }, ctx) => createAlertChannel({ ctx: domain(ctx), input: toBody(input) }),
  }),
  updateAlertChannel: t.field({
    type: AlertChannelNode,
    description: "Replaces type and config; an omitted flag keeps its value, an omitted secret its stored value.",
    errors: writeErrors,
    args: {
      id: t.arg.id({ required: true, description: idDescription("AlertChannel") }),
      input: t.arg({ type: AlertChannelInput, required: true }),
    },
    resolve: (_root, { id, input }, ctx) =>
      updateAlertChannel({ ctx: domain(ctx), id: nodeId(id, "AlertChannel"), input: toBody(input) }),
  }),
  deleteAlertChannel: t.field({
    type: DeletedRef,
    errors: writeErrors,
    args: { id: t.arg.id({ required: true, description: idDescription("AlertChannel") }) },
    resolve: async (_root, { id }, ctx) => {
      await deleteAlertChannel({ ctx: domain(ctx), id: nodeId(id, "AlertChannel") });
      return { deletedId: globalId("AlertChannel", nodeId(id, "AlertChannel")) };
    },
  }),
  setAlertChannelSubscription: t.field({
    type: AlertChannelSubscriberRef,
    description:
      "Subscribes one check or group of the account (or sets its activated); another account's is a NotFoundError.",
    errors: writeErrors,
    args: {
      id: t.arg.id({ required: true, description: idDescription("AlertChannel") }),
      input: t.arg({ type: AlertChannelSubscriptionTargetInput, required: true }),
    },
    resolve: async (_root, { id, input }, ctx) =>
      toAlertChannelSubscriptionView(
        await setAlertChannelSubscription({
          ctx: domain(ctx),
          id: nodeId(id, "AlertChannel"),
          input: Object.fromEntries(Object.entries(toTarget(input)).filter(([, value]) => value != null)),
        }),
      ),
  }),
}));
