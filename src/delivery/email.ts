import nodemailer from "nodemailer";
import type { TryResult } from "../domain/alert-notifications/delivery-rules.js";
import type { AlertVariables } from "../domain/alert-templates/variables.js";
import { escapeHtml } from "../text/escape-html.js";
import { SEND_TIMEOUT_MS } from "./send.js";

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, such as `List-Unsubscribe` for status-page subscribers. */
  headers?: Record<string, string>;
};

const LABELS: [keyof AlertVariables, string][] = [
  ["CHECK_NAME", "Check"],
  ["CHECK_TYPE", "Type"],
  ["GROUP_NAME", "Group"],
  ["CHECK_ERROR_MESSAGE", "Error"],
  ["RUN_LOCATION", "Location"],
  ["RESPONSE_TIME", "Response time (ms)"],
  ["API_CHECK_RESPONSE_STATUS_CODE", "Status code"],
  ["STARTED_AT", "Started at"],
  ["TAGS", "Tags"],
  ["RESULT_LINK", "Result"],
];

/** An alert email: the title as subject, the non-empty variables as lines (and a small table). */
export function alertEmail(to: string, v: AlertVariables): EmailMessage {
  const rows = LABELS.map(([key, label]) => [label, [v[key]].flat().join(", ")] as const).filter(([, value]) => value);
  const text = [v.ALERT_TITLE, "", ...rows.map(([label, value]) => `${label}: ${value}`)].join("\n");
  const html = `<h2>${escapeHtml(v.ALERT_TITLE)}</h2><table>${rows
    .map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join("")}</table><p><a href="${escapeHtml(v.RESULT_LINK)}">View result</a></p>`;
  return { to, subject: v.ALERT_TITLE, text, html };
}

/**
 * Sends over SMTP_URL (`smtp://user:pass@host:port`, `smtps://` for TLS). SMTP replies 5xx are
 * permanent (FAILURE); 4xx replies and connection problems are retried like network errors.
 */
export async function sendEmail(
  message: EmailMessage,
  config: { smtpUrl: string | null; emailFrom: string; timeoutMs?: number },
): Promise<TryResult> {
  if (!config.smtpUrl) {
    return { kind: "error", message: "email not sent: SMTP_URL is not set", retryable: false };
  }
  const timeout = config.timeoutMs ?? SEND_TIMEOUT_MS;
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  try {
    const info = await transport.sendMail({
      from: config.emailFrom,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
    });
    return { kind: "sent", message: `SMTP: ${info.response}` };
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    const text = error instanceof Error ? error.message : String(error);
    return { kind: "error", message: `SMTP: ${text}`, retryable: !(code && code >= 500) };
  } finally {
    transport.close();
  }
}
