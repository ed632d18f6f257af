import type { WebhookConfig } from "../domain/alert-channels/schemas.js";
import { signatureHeaders } from "./signing.js";
import { type AlertMessage, type DeliveryRequest, USER_AGENT } from "./types.js";
import { defaultWebhookBody } from "./webhook-bodies.js";

/**
 * A Telegram channel's URL is sent to TELEGRAM_API_URL (trusted, the operator's) only when its
 * parsed origin is exactly https://api.telegram.org: never by a string prefix, which
 * `https://api.telegram.org@127.0.0.1/` passes. Anything else is a tenant's URL like any other.
 */
function telegramTarget(url: string, telegramApiUrl: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.origin !== "https://api.telegram.org" || parsed.username || parsed.password) return null;
  return telegramApiUrl.replace(/\/+$/, "") + parsed.pathname + parsed.search;
}

/**
 * A WEBHOOK channel of any webhookType: the template rendered over the variables (else the type's
 * default body), the channel's method, headers and query parameters, signed when it has a secret.
 * GET and HEAD carry no body (the signature then covers the empty string).
 */
export function webhookRequest(
  config: WebhookConfig,
  message: AlertMessage,
  endpoints: { telegramApiUrl: string },
  /** The channel's template as rendered (src/domain/alert-templates/template-thread.ts); unused without one. */
  rendered = "",
): DeliveryRequest {
  const telegram =
    config.webhookType === "WEBHOOK_TELEGRAM" ? telegramTarget(config.url, endpoints.telegramApiUrl) : null;
  const trusted = telegram !== null;
  const target = new URL(telegram ?? config.url);
  for (const { key, value } of config.queryParameters) target.searchParams.append(key, value ?? "");

  let chatId: string | null = null;
  if (config.webhookType === "WEBHOOK_TELEGRAM" && !config.template) {
    // The default body carries chat_id; Telegram reads one source of parameters, not both.
    chatId = target.searchParams.get("chat_id");
    target.searchParams.delete("chat_id");
  }

  const hasBody = config.method !== "GET" && config.method !== "HEAD";
  const body = !hasBody
    ? ""
    : config.template
      ? rendered
      : JSON.stringify(defaultWebhookBody(config.webhookType, message.alertType, message.variables, { chatId }));

  const headers: Record<string, string> = { "user-agent": USER_AGENT };
  if (hasBody) headers["content-type"] = "application/json";
  for (const { key, value } of config.headers) headers[key.toLowerCase()] = value ?? "";
  if (config.webhookSecret) {
    Object.assign(
      headers,
      signatureHeaders({ id: message.notificationId, now: message.now, body, secret: config.webhookSecret }),
    );
  }
  return { method: config.method, url: target.toString(), headers, ...(hasBody ? { body } : {}), trusted };
}
