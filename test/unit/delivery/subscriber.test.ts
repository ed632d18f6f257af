import { randomBytes, randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import type { SubscriberRequest } from "../../../src/domain/status-page-subscriptions/rows.js";
import { makeToken, readToken } from "../../../src/domain/status-page-subscriptions/tokens.js";
import { subscriberEmail, subscriberWebhookRequest } from "../../../src/delivery/subscriber.js";
import { subscribeFormHtml } from "../../../src/web/status-subscriptions-form.js";

const base = (over: Partial<SubscriberRequest> = {}): SubscriberRequest => ({
  kind: "subscriber",
  event: "INCIDENT_UPDATE",
  subscriber: { id: randomUUID(), type: "EMAIL", address: "ada@example.com" },
  page: { id: randomUUID(), name: "Acme <b>Status</b>", link: "https://vigil.example/status/acme" },
  links: { unsubscribe: "https://vigil.example/status/acme/subscriptions/unsubscribe?token=t" },
  incident: {
    id: "i1",
    name: "API <errors>",
    severity: "MAJOR",
    link: "https://vigil.example/status/acme/incidents/i1",
    update: { id: "u1", status: "IDENTIFIED", description: "Found it & fixing", date: "2026-05-01T10:00:00.000Z" },
  },
  ...over,
});

describe("subscriber messages", () => {
  it("every mail carries the unsubscribe link and RFC 8058 headers, whatever the event", () => {
    const events: Partial<SubscriberRequest>[] = [
      {},
      { event: "CONFIRMATION", incident: undefined, links: { unsubscribe: "https://u", confirm: "https://c" } },
      {
        event: "MAINTENANCE_STARTED",
        incident: undefined,
        maintenance: { id: 1, name: "DB", description: null, startsAt: "a", endsAt: "b" },
      },
      {
        event: "MAINTENANCE_ENDED",
        incident: undefined,
        maintenance: { id: 1, name: "DB", description: "d", startsAt: "a", endsAt: "b" },
      },
    ];
    for (const over of events) {
      const request = base(over);
      const mail = subscriberEmail(request);
      expect(mail.headers).toEqual({
        "List-Unsubscribe": `<${request.links.unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
      expect(mail.text).toContain(`Unsubscribe: ${request.links.unsubscribe}`);
      expect(mail.html).toContain(`href="${request.links.unsubscribe}"`);
    }
  });

  it("escapes what tenants wrote in the HTML part", () => {
    const mail = subscriberEmail(base());
    expect(mail.subject).toBe("[Acme <b>Status</b>] API <errors>: IDENTIFIED");
    expect(mail.html).toContain("API &lt;errors&gt; (MAJOR)");
    expect(mail.html).toContain("Found it &amp; fixing");
    expect(mail.html).not.toContain("<b>Status</b>");
  });

  it("webhook bodies are signed per Standard Webhooks with the page's secret, and unsigned without", () => {
    const secret = `whsec_${randomBytes(24).toString("base64")}`;
    const request = base({ subscriber: { id: randomUUID(), type: "WEBHOOK", address: "https://hooks.example.com/x" } });
    const signed = subscriberWebhookRequest(request, { notificationId: "n1", now: new Date(), secret });
    expect(signed).toMatchObject({ method: "POST", url: "https://hooks.example.com/x" });
    const body = new Webhook(secret).verify(signed.body!, signed.headers) as { type: string; incident: unknown };
    expect(body).toMatchObject({ type: "incident.update", incident: { id: "i1", update: { status: "IDENTIFIED" } } });
    const unsigned = subscriberWebhookRequest(request, { notificationId: "n1", now: new Date(), secret: null });
    expect(unsigned.headers["webhook-signature"]).toBeUndefined();
  });
});

describe("subscription tokens", () => {
  const key = randomBytes(32);
  const id = randomUUID();
  it("name one subscription and one purpose, and cannot be forged", () => {
    expect(readToken(key, "confirm", makeToken(key, "confirm", id))).toBe(id);
    expect(readToken(key, "unsubscribe", makeToken(key, "confirm", id))).toBeNull();
    expect(readToken(randomBytes(32), "confirm", makeToken(key, "confirm", id))).toBeNull();
    expect(readToken(key, "confirm", `${randomUUID()}.${makeToken(key, "confirm", id).split(".")[1]}`)).toBeNull();
    for (const junk of [undefined, "", "x", `${id}.`, `${id}.a.b`, 42])
      expect(readToken(key, "confirm", junk)).toBeNull();
  });
});

describe("subscribeFormHtml", () => {
  it("is a labelled, escaped form posting to the page's subscribe endpoint", () => {
    const html = subscribeFormHtml(
      { url: "acme", name: 'Acme "<Status>"' },
      { error: "Bad <address>", email: '"><x' },
    ).value;
    expect(html).toContain('action="/status/acme/subscriptions"');
    expect(html).toContain('<label for="subscribe-email">Email address</label>');
    expect(html).toContain('id="subscribe-email" name="email" type="email" required');
    expect(html).toContain("Acme &quot;&lt;Status&gt;&quot;");
    expect(html).toContain('role="alert">Bad &lt;address&gt;');
    expect(html).toContain('value="&quot;&gt;&lt;x"');
    expect(html).not.toMatch(/<Status>|<x/);
  });
});
