import { alertKind } from "../domain/alert-templates/variables.js";
import type { SlackConfig } from "../domain/alert-channels/schemas.js";
import { type AlertMessage, type DeliveryRequest, JSON_HEADERS } from "./types.js";

export const KIND_COLORS = { FAILURE: "#d92d20", DEGRADED: "#f79009", RECOVERY: "#12b76a" } as const;

/** A Slack incoming webhook: the title as text, details in one attachment. */
export function slackRequest(config: SlackConfig, message: AlertMessage): DeliveryRequest {
  const v = message.variables;
  const fields = [
    { title: "Check type", value: v.CHECK_TYPE, short: true },
    v.RUN_LOCATION && { title: "Location", value: v.RUN_LOCATION, short: true },
    v.RESPONSE_TIME !== null && { title: "Response time", value: `${v.RESPONSE_TIME} ms`, short: true },
    v.GROUP_NAME && { title: "Group", value: v.GROUP_NAME, short: true },
  ].filter(Boolean);
  const body = {
    ...(config.channel ? { channel: config.channel } : {}),
    text: v.ALERT_TITLE,
    attachments: [
      {
        color: KIND_COLORS[alertKind(message.alertType)],
        title: v.ALERT_TITLE,
        title_link: v.RESULT_LINK,
        text: v.CHECK_ERROR_MESSAGE,
        fields,
        ts: Math.floor(message.now.getTime() / 1000),
      },
    ],
  };
  return { method: "POST", url: config.url, headers: { ...JSON_HEADERS }, body: JSON.stringify(body) };
}
