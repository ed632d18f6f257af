import type { TryResult } from "../domain/alert-notifications/delivery-rules.js";
import type { SubscriberRequest } from "../domain/status-page-subscriptions/rows.js";
import type { DeliveryConfig } from "../config.js";
import { type EmailMessage, sendEmail } from "./email.js";
import { escapeHtml } from "../text/escape-html.js";
import { sendRequest } from "./send.js";
import { signatureHeaders } from "./signing.js";
import { type DeliveryRequest, USER_AGENT } from "./types.js";

/** Subject and lines of a subscriber's mail, per event. */
function content(r: SubscriberRequest): { subject: string; lines: string[]; link?: { href: string; label: string } } {
  const page = r.page.name;
  switch (r.event) {
    case "CONFIRMATION":
      return {
        subject: `Confirm your subscription to ${page}`,
        lines: [
          `Someone (hopefully you) subscribed ${r.subscriber.address} to updates from ${page}.`,
          "Confirm with the link below; if it was not you, ignore this mail.",
        ],
        link: { href: r.links.confirm!, label: "Confirm subscription" },
      };
    case "INCIDENT_UPDATE": {
      const i = r.incident!;
      return {
        subject: `[${page}] ${i.name}: ${i.update.status}`,
        lines: [`${i.name} (${i.severity})`, `${i.update.status} at ${i.update.date}`, "", i.update.description],
        link: { href: i.link, label: "View the incident" },
      };
    }
    case "MAINTENANCE_UPDATE": {
      const m = r.maintenance!;
      return {
        subject: `[${page}] Maintenance ${m.name}: ${m.update?.status ?? ""}`,
        lines: [
          `${m.name}: ${m.update?.status ?? ""}`,
          `Scheduled ${m.startsAt} to ${m.endsAt}`,
          "",
          m.update?.description ?? "",
        ],
        link: { href: r.page.link, label: `View ${page}` },
      };
    }
    case "MAINTENANCE_STARTED":
    case "MAINTENANCE_ENDED": {
      const m = r.maintenance!;
      const started = r.event === "MAINTENANCE_STARTED";
      return {
        subject: `[${page}] Maintenance ${started ? "started" : "completed"}: ${m.name}`,
        lines: [
          `${m.name}: ${started ? "in progress" : "completed"}`,
          `Scheduled ${m.startsAt} to ${m.endsAt}`,
          ...(m.description ? ["", m.description] : []),
        ],
        link: { href: r.page.link, label: `View ${page}` },
      };
    }
  }
}

/**
 * A subscriber's mail: the event, a link, and always the unsubscribe link in the body and in
 * `List-Unsubscribe` with RFC 8058's one-click `List-Unsubscribe-Post`.
 */
export function subscriberEmail(r: SubscriberRequest): EmailMessage {
  const { subject, lines, link } = content(r);
  const text = [
    ...lines,
    ...(link ? ["", `${link.label}: ${link.href}`] : []),
    "",
    `Unsubscribe: ${r.links.unsubscribe}`,
  ].join("\n");
  const html = `<!doctype html><html lang="en"><body>${lines
    .filter((line) => line !== "")
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join(
      "",
    )}${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ""}<hr><p><small><a href="${escapeHtml(r.links.unsubscribe)}">Unsubscribe</a> from ${escapeHtml(r.page.name)}</small></p></body></html>`;
  return {
    to: r.subscriber.address,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${r.links.unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

const EVENT_TYPES = {
  CONFIRMATION: "subscription.confirmation",
  INCIDENT_UPDATE: "incident.update",
  MAINTENANCE_STARTED: "maintenance.started",
  MAINTENANCE_ENDED: "maintenance.ended",
  MAINTENANCE_UPDATE: "maintenance.update",
} as const;

/** A webhook subscriber's JSON body: the event type, the page, the incident (with its update) or the maintenance. */
export function subscriberWebhookBody(r: SubscriberRequest) {
  return {
    type: EVENT_TYPES[r.event],
    statusPage: r.page,
    ...(r.incident ? { incident: r.incident } : {}),
    ...(r.maintenance ? { maintenance: r.maintenance } : {}),
    unsubscribeUrl: r.links.unsubscribe,
  };
}

/** The POST to a webhook subscriber, signed per Standard Webhooks with the page's secret, else unsigned. */
export function subscriberWebhookRequest(
  r: SubscriberRequest,
  message: { notificationId: string; now: Date; secret: string | null },
): DeliveryRequest {
  const body = JSON.stringify(subscriberWebhookBody(r));
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": USER_AGENT };
  if (message.secret)
    Object.assign(
      headers,
      signatureHeaders({ id: message.notificationId, now: message.now, body, secret: message.secret }),
    );
  return { method: "POST", url: r.subscriber.address, headers, body };
}

/** One try of a subscriber notification; never throws. */
export async function deliverToSubscriber(
  r: SubscriberRequest,
  message: { notificationId: string; now: Date; secret: string | null },
  config: DeliveryConfig,
  options: { timeoutMs?: number } = {},
): Promise<TryResult> {
  if (r.subscriber.type === "EMAIL") return sendEmail(subscriberEmail(r), { ...config, ...options });
  return sendRequest(subscriberWebhookRequest(r, message), {
    blockPrivateTargets: config.blockPrivateTargets,
    privateTargetsAllow: config.privateTargetsAllow,
    ...options,
  });
}
