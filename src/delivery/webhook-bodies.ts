import type { AlertType } from "../domain/alert-rules/decide.js";
import { alertKind, type AlertVariables } from "../domain/alert-templates/variables.js";
import type { WebhookType } from "../domain/alert-channels/schemas.js";
import { escapeHtml } from "../text/escape-html.js";
import { KIND_COLORS } from "./slack.js";
import { checkKey } from "./types.js";

/** What each webhook type sends when the channel has no template, in the shape its service expects. */
export function defaultWebhookBody(
  type: WebhookType,
  alertType: AlertType,
  v: AlertVariables,
  extra: { chatId?: string | null } = {},
): unknown {
  switch (type) {
    case "WEBHOOK":
      return v;
    case "WEBHOOK_MSTEAMS":
      return teamsCard(v);
    case "WEBHOOK_TELEGRAM":
      return { chat_id: extra.chatId ?? undefined, text: telegramText(v), parse_mode: "HTML" };
    case "WEBHOOK_DISCORD":
      return {
        content: v.ALERT_TITLE,
        embeds: [
          {
            title: v.ALERT_TITLE,
            url: v.RESULT_LINK,
            description: v.CHECK_ERROR_MESSAGE || undefined,
            color: Number.parseInt(KIND_COLORS[alertKind(alertType)].slice(1), 16),
            fields: facts(v).map(([name, value]) => ({ name, value, inline: true })),
            timestamp: v.STARTED_AT || undefined,
          },
        ],
      };
    case "WEBHOOK_INCIDENTIO":
      // incident.io HTTP alert source: firing/resolved events grouped by deduplication_key.
      return {
        title: v.ALERT_TITLE,
        description: v.CHECK_ERROR_MESSAGE || v.ALERT_TITLE,
        deduplication_key: checkKey(v),
        status: alertKind(alertType) === "RECOVERY" ? "resolved" : "firing",
        source_url: v.RESULT_LINK,
        metadata: v,
      };
  }
}

function facts(v: AlertVariables): [string, string][] {
  const all: [string, string][] = [
    ["Check type", v.CHECK_TYPE],
    ["Location", v.RUN_LOCATION],
    ["Response time", v.RESPONSE_TIME === null ? "" : `${v.RESPONSE_TIME} ms`],
    ["Group", v.GROUP_NAME],
    ["Started at", v.STARTED_AT],
  ];
  return all.filter(([, value]) => value !== "");
}

/** A Teams Workflows / incoming-webhook message with one Adaptive Card. */
function teamsCard(v: AlertVariables) {
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [
            { type: "TextBlock", size: "Large", weight: "Bolder", text: v.ALERT_TITLE, wrap: true },
            ...(v.CHECK_ERROR_MESSAGE ? [{ type: "TextBlock", text: v.CHECK_ERROR_MESSAGE, wrap: true }] : []),
            { type: "FactSet", facts: facts(v).map(([title, value]) => ({ title, value })) },
          ],
          actions: [{ type: "Action.OpenUrl", title: "View result", url: v.RESULT_LINK }],
        },
      },
    ],
  };
}

function telegramText(v: AlertVariables): string {
  const lines = [`<b>${escapeHtml(v.ALERT_TITLE)}</b>`];
  if (v.CHECK_ERROR_MESSAGE) lines.push(escapeHtml(v.CHECK_ERROR_MESSAGE));
  for (const [name, value] of facts(v)) lines.push(`${name}: ${escapeHtml(value)}`);
  lines.push(`<a href="${escapeHtml(v.RESULT_LINK)}">View result</a>`);
  return lines.join("\n");
}
