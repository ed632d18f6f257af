// Issue 11, end to end with real parts: a channel and a check made through REST, the engine
// running the check against a real target, the outbox, the delivery workers and a real receiver
// (a Standard Webhooks signature checked by the `standardwebhooks` package, or an SMTP server).
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import {
  advanceToNextRun,
  SCHEDULE,
  shiftedClock,
  sinceAnHourAgo,
  startChain,
  startTarget,
} from "../../support/alert-e2e.js";
import { eventually } from "../../support/eventually.js";
import { restClient } from "../../support/rest.js";
import { startReceiver, type Received } from "../../support/receiver.js";

const SECRET = `whsec_${randomBytes(24).toString("base64")}`;

describe(`alerting end to end on ${testProvider}`, () => {
  let t: TestApp;
  let target: Awaited<ReturnType<typeof startTarget>>;
  let smtpUrl: string;
  const mails: ParsedMail[] = [];
  let smtp: SMTPServer;
  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            mails.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    // The engine and the delivery workers are the test's (startChain), on clocks it moves.
    t = await startTestApp({ SMTP_URL: smtpUrl, EMAIL_FROM: "Vigil <alerts@vigil.test>" });
    target = await startTarget(500);
  });
  afterAll(async () => {
    await t?.stop();
    await target?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  const api = () => restClient(t.url, t.apiKey);
  /** The engines' clock of this file: it only moves forward (see advanceToNextRun). */
  const clock = shiftedClock();

  /** An API check on SCHEDULE calling the target, subscribed to every channel (autoAssignAlerts). */
  async function createCheck(name: string) {
    const created = await api().post("/v1/checks/api?autoAssignAlerts=true", {
      name,
      ...SCHEDULE,
      locations: ["eu-west-1"],
      request: { method: "GET", url: `${target.url}/${name}` },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: string };
  }
  const alertTypes = async (checkId: string) =>
    ((await api().get(`/v1/check-alerts/${checkId}?${sinceAnHourAgo()}`)).body as { alertType: string }[]).map(
      (a) => a.alertType,
    );
  const notifications = async (checkId: string) =>
    (
      (await api().get(`/v1/alert-notifications?limit=100&${sinceAnHourAgo()}`)).body as {
        checkId: string;
        status: string;
      }[]
    ).filter((n) => n.checkId === checkId);

  it("a failing check alerts a signed webhook once, then its recovery once", async () => {
    const receiver = await startReceiver();
    const channels: number[] = [];
    try {
      const channel = await api().post("/v1/alert-channels", {
        type: "WEBHOOK",
        config: { name: "Receiver", webhookType: "WEBHOOK", url: `${receiver.url}/hook`, webhookSecret: SECRET },
      });
      expect(channel.status, JSON.stringify(channel.body)).toBe(201);
      channels.push(channel.body.id);
      target.state.status = 500;
      const check = await createCheck("chain");
      expect((await api().get(`/v1/alert-channels/${channel.body.id}`)).body.subscriptions).toEqual([
        expect.objectContaining({ checkId: check.id, activated: true }),
      ]);

      advanceToNextRun(clock);
      const chain = startChain(t.app, clock);
      const verify = (request: Received) =>
        new Webhook(SECRET).verify(request.body, request.headers as Record<string, string>) as Record<string, unknown>;
      try {
        await eventually(() => receiver.received.length > 0);
        const failure = receiver.take();
        expect(failure.method).toBe("POST");
        expect(verify(failure)).toMatchObject({ ALERT_TYPE: "ALERT_FAILURE", CHECK_ID: check.id, CHECK_NAME: "chain" });
        const status = await api().get(`/v1/check-statuses/${check.id}`);
        expect(status.body).toMatchObject({ checkId: check.id, status: "failing", hasFailures: true });
        expect(await alertTypes(check.id)).toEqual(["ALERT_FAILURE"]);
        const sent = await eventually(async () => {
          const list = await notifications(check.id);
          return list.length === 1 && list[0]!.status === "SUCCESS" && list;
        });
        expect(sent[0]).toMatchObject({
          type: "WEBHOOK",
          alertChannelId: channel.body.id,
          notificationResult: "HTTP 200: ok",
        });
        expect(receiver.received).toEqual([]);

        // The target comes back; the engine's clock moves to the check's next run.
        target.state.status = 200;
        clock.shift += 60_000;
        await eventually(() => receiver.received.length > 0);
        const recovery = receiver.take();
        expect(verify(recovery)).toMatchObject({ ALERT_TYPE: "ALERT_RECOVERY", CHECK_ID: check.id });
        expect(recovery.headers["webhook-id"]).not.toBe(failure.headers["webhook-id"]);
        expect((await api().get(`/v1/check-statuses/${check.id}`)).body).toMatchObject({
          status: "passing",
          hasFailures: false,
        });
        expect(await alertTypes(check.id)).toEqual(["ALERT_RECOVERY", "ALERT_FAILURE"]);
        await eventually(async () => (await notifications(check.id)).every((n) => n.status === "SUCCESS"));
        expect(await notifications(check.id)).toHaveLength(2);
        expect(receiver.received).toEqual([]);
      } finally {
        await chain.stop();
      }
      expect(receiver.received).toEqual([]);
      await api().delete(`/v1/checks/${check.id}`);
    } finally {
      for (const id of channels) await api().delete(`/v1/alert-channels/${id}`);
      await receiver.close();
    }
  });

  it("a receiver that is down when the alert is raised gets it once it is back, after the backoff", async () => {
    // A port that refuses connections for now: taken, then freed.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const channel = await api().post("/v1/alert-channels", {
      type: "WEBHOOK",
      config: { name: "Late", webhookType: "WEBHOOK", url: `http://127.0.0.1:${port}/late`, webhookSecret: SECRET },
    });
    expect(channel.status).toBe(201);
    target.state.status = 500;
    const check = await createCheck("late");
    advanceToNextRun(clock);
    const deliveryClock = shiftedClock(clock.shift);
    const chain = startChain(t.app, clock, deliveryClock);
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push(body);
        res.end("back");
      });
    });
    try {
      const failed = await eventually(async () => {
        const list = await api().get(`/v1/alert-notifications?alertChannelId=${channel.body.id}&${sinceAnHourAgo()}`);
        const row = (list.body as { notificationResult: string | null; status: string }[])[0];
        return row?.notificationResult ? row : null;
      });
      // The first try met a closed port: it stays IN_PROGRESS, due again after 5 s.
      expect(failed.status).toBe("IN_PROGRESS");
      expect(failed.notificationResult).not.toMatch(/^HTTP/);
      await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve));
      deliveryClock.shift += 6_000;
      chain.delivery.nudge();
      await eventually(() => received.length > 0);
      const done = await eventually(async () => {
        const list = await api().get(`/v1/alert-notifications?alertChannelId=${channel.body.id}&${sinceAnHourAgo()}`);
        const row = (list.body as { status: string }[])[0];
        return row?.status !== "IN_PROGRESS" && row;
      });
      expect(done).toMatchObject({ status: "SUCCESS", notificationResult: "HTTP 200: back" });
      expect(received).toHaveLength(1);
      expect(JSON.parse(received[0]!)).toMatchObject({ ALERT_TYPE: "ALERT_FAILURE", CHECK_ID: check.id });
    } finally {
      await chain.stop();
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
      await api().delete(`/v1/checks/${check.id}`);
      await api().delete(`/v1/alert-channels/${channel.body.id}`);
    }
  });

  it("an EMAIL channel's alert reaches the SMTP server (SMTP_URL) through the whole chain", async () => {
    const channel = await api().post("/v1/alert-channels", {
      type: "EMAIL",
      config: { address: "oncall@example.com" },
    });
    expect(channel.status).toBe(201);
    target.state.status = 500;
    const check = await createCheck("Checkout API");
    advanceToNextRun(clock);
    const chain = startChain(t.app, clock);
    try {
      await eventually(() => mails.length > 0);
      const done = await eventually(async () => {
        const list = await notifications(check.id);
        return list.length === 1 && list[0]!.status !== "IN_PROGRESS" && list[0];
      });
      expect(done).toMatchObject({ type: "EMAIL", status: "SUCCESS" });
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe("Checkout API is failing");
      expect(mails[0]!.text).toContain(check.id);
      expect((mails[0]!.to as { text: string }).text).toBe("oncall@example.com");
    } finally {
      await chain.stop();
      await api().delete(`/v1/checks/${check.id}`);
      await api().delete(`/v1/alert-channels/${channel.body.id}`);
    }
  });
});
