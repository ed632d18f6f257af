// Delivery across restarts and instances: the backoff lives in the rows, each notification is
// delivered once however many instances share the database, and email goes out over real SMTP.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.js";
import { migratedDatabaseUrl, testProvider } from "../../support/database.js";
import { eventually } from "../../support/eventually.js";
import { createChannel, createWebhookChannel, queueNotification } from "../../support/index.js";
import { startReceiver } from "../../support/receiver.js";
import { startSmtp } from "../../support/smtp.js";

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
});
async function serve(env: Record<string, string>, offsetMs = 0) {
  const app = await startTestApp(
    { ENGINE_ENABLED: "true", ...env },
    { deliveryClock: () => new Date(Date.now() + offsetMs) },
  );
  apps.push(app);
  return app;
}

describe(`alert delivery across instances on ${testProvider}`, () => {
  it("a notification whose receiver was down is delivered by the next instance after a restart", async () => {
    const databaseUrl = await migratedDatabaseUrl();
    // A port that refuses connections for now: taken, then freed.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const first = await serve({ DATABASE_URL: databaseUrl });
    const channel = await createWebhookChannel(first, `http://127.0.0.1:${port}/hook`);
    const queued = await queueNotification(first, channel);
    const db = first.app.context.database.prisma;
    const failed = await eventually(async () => {
      const row = await db.alertNotification.findUniqueOrThrow({ where: { id: queued.id } });
      return row.tries === 1 && row;
    });
    expect(failed.status).toBe("IN_PROGRESS");
    expect(failed.notificationResult).toBeTruthy();
    await first.stop();

    const received: string[] = [];
    const receiver = createServer((req, res) => {
      received.push(String(req.headers["user-agent"]));
      res.end("back");
    });
    await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve));
    try {
      // The new instance's clock is past the 5 s backoff stored in the row.
      const second = await serve({ DATABASE_URL: databaseUrl }, 6_000);
      const db2 = second.app.context.database.prisma;
      const done = await eventually(async () => {
        const row = await db2.alertNotification.findUniqueOrThrow({ where: { id: queued.id } });
        return row.status !== "IN_PROGRESS" && row;
      });
      expect(done).toMatchObject({ status: "SUCCESS", tries: 2, notificationResult: "HTTP 200: back" });
      expect(received).toHaveLength(1);
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it("two instances on one database deliver each notification exactly once", async () => {
    const databaseUrl = await migratedDatabaseUrl();
    const receiver = await startReceiver();
    try {
      // One after the other: two SQLite connections bootstrapping at once wait on each other's write lock.
      const a = await serve({ DATABASE_URL: databaseUrl });
      const b = await serve({ DATABASE_URL: databaseUrl });
      const channel = await createWebhookChannel(a!, `${receiver.url}/both`, { webhookSecret: "a-plain-secret" });
      // Below the digest threshold per minute: spread over minutes that are over.
      const minute = Math.floor(Date.now() / 60_000) * 60_000;
      const ids: string[] = [];
      for (let index = 0; index < 60; index++) {
        const createdAt = new Date(minute - 60_000 * (1 + Math.floor(index / 10)) + index);
        ids.push((await queueNotification(index % 2 ? a! : b!, channel, { createdAt })).id);
      }
      const db = b!.app.context.database.prisma;
      await eventually(
        async () => (await db.alertNotification.count({ where: { id: { in: ids }, status: "SUCCESS" } })) === 60,
      );
      await new Promise((r) => setTimeout(r, 300));
      const hits = receiver.received.map((r) => String(r.headers["webhook-id"]));
      expect(hits).toHaveLength(60);
      expect(new Set(hits)).toEqual(new Set(ids));
      const tries = await db.alertNotification.findMany({ where: { id: { in: ids } }, select: { tries: true } });
      expect(tries.every((row) => row.tries === 1)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it("an EMAIL notification reaches the SMTP server", async () => {
    const smtp = await startSmtp();
    const { mails } = smtp;
    try {
      const app = await serve({ SMTP_URL: smtp.url, EMAIL_FROM: "Vigil <alerts@vigil.test>" });
      const channel = await createChannel(app, "EMAIL", { address: "oncall@example.com" });
      const queued = await queueNotification(app, channel, { checkName: "Checkout API" });
      const db = app.app.context.database.prisma;
      const done = await eventually(async () => {
        const row = await db.alertNotification.findUniqueOrThrow({ where: { id: queued.id } });
        return row.status !== "IN_PROGRESS" && row;
      });
      expect(done).toMatchObject({ status: "SUCCESS", tries: 1 });
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe("Checkout API is failing");
      expect(mails[0]!.text).toContain("Checkout API");
    } finally {
      await smtp.close();
    }
  });
});
