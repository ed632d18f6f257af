// Subscribers end to end with real parts (issue 13, item 4): the subscribe form's POST, the
// confirmation mail at a real SMTP server, the confirm link, an incident update written with
// notifySubscribers through REST and GraphQL, the mail with List-Unsubscribe, the one-click
// unsubscribe; webhook subscribers signed (checked with `standardwebhooks`) or not, and a 410.
import { randomBytes } from "node:crypto";
import type { ParsedMail } from "mailparser";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { eventually } from "../../support/eventually.js";
import { createService } from "../../support/index.js";
import { startReceiver } from "../../support/receiver.js";
import { restClient } from "../../support/rest.js";
import { linkIn, rawHeader, startSmtp } from "../../support/smtp.js";

const SECRET = `whsec_${randomBytes(24).toString("base64")}`;
const slug = () => `deliv-${randomBytes(4).toString("hex")}`;

describe(`status page subscribers delivered on ${testProvider}`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    receiver = await startReceiver();
    t = await startTestApp({ ENGINE_ENABLED: "true", SMTP_URL: smtp.url, EMAIL_FROM: "Status <status@vigil.test>" });
  });
  afterAll(async () => {
    await t?.stop();
    await smtp?.close();
    await receiver?.close();
  });
  const api = () => restClient(t.url, t.apiKey);
  /** A link of a mail, on the test's server (PUBLIC_URL is not known before the port is). */
  const local = (link: string) => {
    const url = new URL(link);
    return `${t.url}${url.pathname}${url.search}`;
  };
  const mailTo = (address: string, count: number) =>
    eventually(() => (smtp.to(address).length >= count ? smtp.to(address) : null));

  /** A page showing one service, and a function to open an incident on that service. */
  async function pageWithService(body: Record<string, unknown> = {}) {
    const service = await createService(api(), `svc-${slug()}`);
    const page = (
      await api().post("/v1/status-pages", {
        name: "Acme Status",
        url: slug(),
        cards: [{ name: "Core", services: [{ id: service.id }] }],
        ...body,
      })
    ).body as { id: string; url: string };
    const incident = async (notifySubscribers: boolean, description = "Investigating errors") => {
      const created = await api().post("/v1/status-pages/incidents", {
        name: "API errors",
        severity: "MAJOR",
        services: [{ id: service.id }],
        incidentUpdates: [{ description, notifySubscribers }],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body as { id: string };
    };
    return { page, service, incident };
  }
  const subscribersOf = async (pageId: string) =>
    (await api().get(`/v1/status-pages/${pageId}/subscriptions`)).body as {
      id: string;
      address: string;
      status: string;
    }[];

  it("form -> PENDING -> confirmation mail -> confirm -> VERIFIED -> update mail with List-Unsubscribe -> one-click unsubscribe", async () => {
    const { page, incident } = await pageWithService();
    const address = `ada-${slug()}@example.com`;
    const form = await fetch(`${t.url}/status/${page.url}/subscriptions`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: address }).toString(),
    });
    expect(form.status).toBe(202);
    expect(form.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await form.text()).toContain("Check your inbox");
    expect(await subscribersOf(page.id)).toMatchObject([{ address, status: "PENDING" }]);

    // A PENDING subscriber hears nothing of incidents.
    await incident(true, "while pending");

    const [confirmation] = await mailTo(address, 1);
    expect(confirmation!.subject).toBe("Confirm your subscription to Acme Status");
    expect(rawHeader(confirmation!, "list-unsubscribe")).toMatch(/^<https?:\/\/.+\/subscriptions\/unsubscribe\?token=/);
    expect(rawHeader(confirmation!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const confirmed = await fetch(local(linkIn(confirmation!, "/subscriptions/confirm")));
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Subscription confirmed");
    expect(await subscribersOf(page.id)).toMatchObject([{ address, status: "VERIFIED" }]);

    // Not notified without notifySubscribers; notified with it (REST create, REST update, GraphQL update).
    await incident(false, "quiet");
    const loud = await incident(true, "Errors on the API");
    const [, update] = await mailTo(address, 2);
    expect(update!.subject).toBe("[Acme Status] API errors: INVESTIGATING");
    expect(update!.text).toContain("Errors on the API");
    expect(update!.text).toContain(`/status/${page.url}/incidents/${loud.id}`);
    const unsubscribeLink = rawHeader(update!, "list-unsubscribe") as string;
    expect(unsubscribeLink).toMatch(/^<.+>$/);
    expect(rawHeader(update!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(update!.text).toContain(`Unsubscribe: ${unsubscribeLink.slice(1, -1)}`);

    const added = await api().post(`/v1/status-pages/incidents/${loud.id}/incident-updates`, {
      description: "Fixed",
      status: "RESOLVED",
      notifySubscribers: true,
    });
    expect(added.status).toBe(201);
    const [, , resolved] = await mailTo(address, 3);
    expect(resolved!.subject).toBe("[Acme Status] API errors: RESOLVED");
    expect(
      smtp
        .to(address)
        .map((m: ParsedMail) => m.text)
        .join("\n"),
    ).not.toMatch(/quiet|while pending/);

    // RFC 8058 one-click: a POST with List-Unsubscribe=One-Click.
    const oneClick = await fetch(local(unsubscribeLink.slice(1, -1)), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await subscribersOf(page.id)).toEqual([]);
    const again = await fetch(local(unsubscribeLink.slice(1, -1)));
    expect(again.status).toBe(404);
  });

  it("one confirmation mail per address per page per 10 minutes; JSON works too; bad input and unknown pages", async () => {
    const { page } = await pageWithService();
    const address = `bob-${slug()}@example.com`;
    const post = (body: unknown) =>
      fetch(`${t.url}/status/${page.url}/subscriptions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const first = await post({ email: address });
    expect(first.status).toBe(202);
    expect(await first.json()).toMatchObject({ status: "PENDING" });
    expect((await post({ email: address.toUpperCase() })).status).toBe(202);
    await mailTo(address, 1);
    // The workers are idle once the outbox is empty: still only one mail.
    await eventually(
      async () =>
        (await t.app.context.database.prisma.alertNotification.count({
          where: { statusPageId: page.id, status: "IN_PROGRESS" },
        })) === 0,
    );
    expect(smtp.to(address)).toHaveLength(1);

    const bad = await post({ email: "nope" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: 400, validation: { keys: ["email"] } });
    const badForm = await fetch(`${t.url}/status/${page.url}/subscriptions`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=%3Cscript%3E",
    });
    expect(badForm.status).toBe(400);
    const html = await badForm.text();
    expect(html).toContain('role="alert"');
    expect(html).not.toContain("<script>");
    expect(
      (
        await fetch(`${t.url}/status/no-such-page-here/subscriptions`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: '{"email":"a@example.com"}',
        })
      ).status,
    ).toBe(404);
    const forged = await fetch(
      `${t.url}/status/${page.url}/subscriptions/confirm?token=${randomBytes(8).toString("hex")}`,
    );
    expect(forged.status).toBe(404);
  });

  it("a bulk create without autoVerify mails the confirmation; links work only on their own page; GET unsubscribes", async () => {
    const { page } = await pageWithService();
    const { page: otherPage } = await pageWithService();
    const address = `bulk-${slug()}@example.com`;
    const created = await api().post(`/v1/status-pages/${page.id}/subscriptions/bulk`, {
      subscriptions: [{ type: "EMAIL", config: address }],
    });
    expect(created.body).toEqual({ created: 1, skipped: 0, status: "PENDING" });
    const [mail] = await mailTo(address, 1);
    const confirm = new URL(linkIn(mail!, "/subscriptions/confirm"));
    // The same token on another page's path names nothing there.
    const elsewhere = await fetch(`${t.url}/status/${otherPage.url}/subscriptions/confirm${confirm.search}`);
    expect(elsewhere.status).toBe(404);
    expect(await subscribersOf(page.id)).toMatchObject([{ address, status: "PENDING" }]);
    expect((await fetch(local(confirm.toString()))).status).toBe(200);
    expect(await subscribersOf(page.id)).toMatchObject([{ address, status: "VERIFIED" }]);
    // A confirm token does not unsubscribe, and an unsubscribe token does not confirm.
    const wrongPurpose = await fetch(`${t.url}/status/${page.url}/subscriptions/unsubscribe${confirm.search}`);
    expect(wrongPurpose.status).toBe(404);
    const unsubscribe = linkIn(mail!, "/subscriptions/unsubscribe");
    const gone = await fetch(local(unsubscribe));
    expect(gone.status).toBe(200);
    expect(await gone.text()).toContain("Unsubscribed");
    expect(await subscribersOf(page.id)).toEqual([]);
  });

  it("a private page answers a key-less subscribe form with its key form (401), and subscribes nobody", async () => {
    const { page } = await pageWithService();
    await t.app.context.database.prisma.statusPage.update({ where: { id: page.id }, data: { isPrivate: true } });
    const response = await fetch(`${t.url}/status/${page.url}/subscriptions`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=eve%40example.com",
    });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain(`action="/status/${page.url}/access"`);
    expect(await subscribersOf(page.id)).toEqual([]);
  });

  it("webhook subscribers: signed with the page's secret, unsigned without, a 410 deletes the subscription", async () => {
    const signed = await pageWithService({ webhookSecret: SECRET });
    const unsigned = await pageWithService();
    for (const { page } of [signed, unsigned]) {
      const created = await api().post(`/v1/status-pages/${page.id}/subscriptions/bulk`, {
        subscriptions: [{ type: "WEBHOOK", config: `${receiver.url}/hook/${page.url}` }],
      });
      expect(created.body).toEqual({ created: 1, skipped: 0, status: "VERIFIED" });
    }
    const incident = await signed.incident(true, "Signed update");
    const request = await eventually(() => receiver.received.find((r) => r.path === `/hook/${signed.page.url}`));
    const body = new Webhook(SECRET).verify(request.body, {
      "webhook-id": request.headers["webhook-id"] as string,
      "webhook-timestamp": request.headers["webhook-timestamp"] as string,
      "webhook-signature": request.headers["webhook-signature"] as string,
    }) as Record<string, unknown>;
    expect(body).toMatchObject({
      type: "incident.update",
      statusPage: { id: signed.page.id, name: "Acme Status" },
      incident: {
        id: incident.id,
        name: "API errors",
        severity: "MAJOR",
        update: { description: "Signed update", status: "INVESTIGATING" },
      },
    });

    receiver.reply((res) => {
      res.statusCode = 410;
      res.end("gone");
    });
    await unsigned.incident(true, "Unsigned update");
    const plain = await eventually(() => receiver.received.find((r) => r.path === `/hook/${unsigned.page.url}`));
    expect(plain.headers["webhook-signature"]).toBeUndefined();
    expect(JSON.parse(plain.body)).toMatchObject({
      type: "incident.update",
      incident: { update: { description: "Unsigned update" } },
    });
    await eventually(async () => (await subscribersOf(unsigned.page.id)).length === 0);
    expect(await subscribersOf(signed.page.id)).toHaveLength(1);
    receiver.reply((res) => res.end("ok"));
  });
});
