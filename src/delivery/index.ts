import type { TryResult } from "../domain/alert-notifications/delivery-rules.js";
import { TemplateError } from "../domain/alert-templates/template.js";
import type { StoredChannel } from "../domain/alert-channels/schemas.js";
import type { DeliveryConfig } from "../config.js";
import { alertEmail, sendEmail } from "./email.js";
import { opsgenieRequest } from "./opsgenie.js";
import { pagerDutyRequest } from "./pagerduty.js";
import { sendRequest } from "./send.js";
import { slackRequest } from "./slack.js";
import { renderTemplate } from "../domain/alert-templates/template-thread.js";
import type { AlertMessage, DeliveryRequest } from "./types.js";
import { webhookRequest } from "./webhook.js";

export type { AlertMessage, DeliveryRequest } from "./types.js";
export { signatureHeaders } from "./signing.js";
export { sendRequest } from "./send.js";
export { alertEmail, sendEmail, type EmailMessage } from "./email.js";

/** The HTTP request for a channel that is not EMAIL (rejects with TemplateError for a template that cannot render). */
export async function buildRequest(
  channel: Exclude<StoredChannel, { type: "EMAIL" }>,
  message: AlertMessage,
  config: DeliveryConfig,
): Promise<DeliveryRequest> {
  switch (channel.type) {
    case "SLACK":
      return slackRequest(channel.config, message);
    case "WEBHOOK": {
      const { template, method } = channel.config;
      const rendered =
        template && method !== "GET" && method !== "HEAD" ? await renderTemplate(template, message.variables) : "";
      return webhookRequest(channel.config, message, config, rendered);
    }
    case "PAGERDUTY":
      return pagerDutyRequest(channel.config, message, config);
    case "OPSGENIE":
      return opsgenieRequest(channel.config, message, config);
  }
}

/**
 * One try of one notification to one channel; its result goes to `nextDelivery`. Never throws: a
 * template that cannot render is a FAILURE that names the problem.
 */
export async function deliver(
  channel: StoredChannel,
  message: AlertMessage,
  config: DeliveryConfig,
  options: { timeoutMs?: number } = {},
): Promise<TryResult> {
  if (channel.type === "EMAIL") {
    return sendEmail(alertEmail(channel.config.address, message.variables), { ...config, ...options });
  }
  let request: DeliveryRequest;
  try {
    request = await buildRequest(channel, message, config);
  } catch (error) {
    if (error instanceof TemplateError) return { kind: "error", message: error.message, retryable: false };
    throw error;
  }
  return sendRequest(request, {
    blockPrivateTargets: config.blockPrivateTargets,
    privateTargetsAllow: config.privateTargetsAllow,
    ...options,
  });
}
