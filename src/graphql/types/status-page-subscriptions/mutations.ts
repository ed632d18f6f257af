import { bulkCreateSubscriptions, deleteSubscription } from "../../../domain/status-page-subscriptions/index.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { idDescription, nodeId } from "../../node-ids.js";
import { writeErrors } from "../shared/errors.js";
import { SubscriptionInput } from "./inputs.js";
import { BulkCreateSubscriptionsResultRef } from "./type.js";

builder.mutationFields((t) => ({
  bulkCreateStatusPageSubscriptions: t.field({
    type: BulkCreateSubscriptionsResultRef,
    description:
      "As REST's POST /v1/status-pages/{id}/subscriptions/bulk: without autoVerify, EMAIL subscribers get a confirmation mail.",
    errors: writeErrors,
    args: {
      statusPageId: t.arg.id({ required: true, description: idDescription("StatusPage") }),
      subscriptions: t.arg({ type: [SubscriptionInput], required: true }),
      autoVerify: t.arg.boolean(),
    },
    resolve: (_root, { statusPageId, subscriptions, autoVerify }, ctx) =>
      bulkCreateSubscriptions({
        ctx: domain(ctx),
        statusPageId: nodeId(statusPageId, "StatusPage"),
        input: { subscriptions, ...(autoVerify == null ? {} : { autoVerify }) },
      }),
  }),
  deleteStatusPageSubscription: t.boolean({
    description: "Deletes one subscription of the page; true when done.",
    errors: writeErrors,
    args: {
      statusPageId: t.arg.id({ required: true, description: idDescription("StatusPage") }),
      id: t.arg.id({ required: true, description: "The subscription's id." }),
    },
    resolve: async (_root, { statusPageId, id }, ctx) => {
      await deleteSubscription({ ctx: domain(ctx), statusPageId: nodeId(statusPageId, "StatusPage"), id });
      return true;
    },
  }),
}));
