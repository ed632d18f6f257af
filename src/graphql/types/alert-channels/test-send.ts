import {
  renderAlertTemplate,
  TEST_SENDS_PER_MINUTE,
  TEST_TIMEOUT_MS,
  testAlertChannel,
} from "../../../domain/alert-channels/index.js";
import type { TestSendOutcome } from "../../../domain/alert-channels/test-send.js";
import { VARIABLE_NAMES } from "../../../domain/alert-templates/variables.js";
import { deliver } from "../../../delivery/index.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { idDescription, nodeId } from "../../node-ids.js";
import { writeErrors } from "../shared/errors.js";

// Send test and the template preview of the operator app's channel forms, for every client.

const AlertChannelTestRef = builder.objectRef<TestSendOutcome>("AlertChannelTestResult").implement({
  description: "What the provider answered a test notification (nothing is stored).",
  fields: (t) => ({
    delivered: t.exposeBoolean("delivered", { description: "The provider accepted it (2xx, or SMTP took it)." }),
    status: t.exposeInt("status", { nullable: true, description: "The HTTP status; null without a response." }),
    answer: t.exposeString("answer", {
      description:
        "The provider's answer as the notification log shows it: `HTTP <status>: <first KiB of the body>`, or why nothing was sent.",
    }),
  }),
});

builder.mutationFields((t) => ({
  testAlertChannel: t.field({
    type: AlertChannelTestRef,
    description: `Sends a test notification (a failure of an imagined check) through the channel now, and answers what the provider said; at most ${TEST_SENDS_PER_MINUTE} a minute per account (RATE_LIMITED past that), waiting at most ${TEST_TIMEOUT_MS / 1000} s, to the addresses alerts may reach.`,
    errors: writeErrors,
    args: { id: t.arg.id({ required: true, description: idDescription("AlertChannel") }) },
    resolve: (_root, { id }, ctx) => {
      const { delivery } = ctx.app.config;
      return testAlertChannel({
        ctx: domain(ctx),
        id: nodeId(id, "AlertChannel"),
        limit: ctx.app.limits.channelTests,
        send: (channel, message) => deliver(channel, message, delivery, { timeoutMs: TEST_TIMEOUT_MS }),
      });
    },
  }),
}));

builder.queryFields((t) => ({
  alertTemplateVariables: t.stringList({
    description: "The variables a webhook template may name (`{{NAME}}`, or `{{json NAME}}` for a JSON value).",
    resolve: () => [...VARIABLE_NAMES],
  }),
  renderAlertTemplate: t.field({
    type: "String",
    description:
      "A webhook template rendered on the test sample, as a delivery renders it (within the template bounds); a template that cannot render is a ValidationError on `template`.",
    errors: { types: writeErrors.types.slice(0, 1) },
    args: { template: t.arg.string({ required: true }) },
    resolve: (_root, { template }, ctx) => renderAlertTemplate({ ctx: domain(ctx), template }),
  }),
}));
