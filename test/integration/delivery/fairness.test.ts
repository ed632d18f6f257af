// Issue 25, point 7: one account's slow webhook receivers do not make every other account wait.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { eventually } from "../../support/eventually.js";
import { createWebhookChannel, queueNotification } from "../../support/index.js";
import { startReceiver } from "../../support/receiver.js";

describe(`delivery shared between accounts on ${testProvider}`, () => {
  const t = useTestApp({ ENGINE_ENABLED: "true", DELIVERY_CONCURRENCY: "2" });
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    // The first account's receivers are slow: each answers after 200 ms.
    receiver.reply((res, request) => {
      if (request.path.startsWith("/slow/")) setTimeout(() => res.end("ok"), 200);
      else res.end("ok");
    });
  });
  afterAll(() => receiver.close());

  it("starts a second account's delivery while the first has 50 waiting", async () => {
    const other = await t.newAccount("Second");
    // 50 channels, one notification each (a channel's burst would be folded into one digest).
    // Stored not yet due, then made due at once: nothing is sent while they are written.
    const later = { nextAttemptAt: new Date(Date.now() + 3_600_000) };
    for (let i = 0; i < 50; i++)
      await queueNotification(t, await createWebhookChannel(t, `${receiver.url}/slow/${i}`), later);
    const theirs = await createWebhookChannel(t, `${receiver.url}/second`, { accountId: other.accountId });
    const second = await queueNotification(t, theirs, later);
    // The second account's is due last: a first-come queue would send it after all 50.
    const dueSince = new Date(Date.now() - 60_000);
    await t.db.alertNotification.updateMany({ where: { accountId: t.accountId }, data: { nextAttemptAt: dueSince } });
    await t.db.alertNotification.update({ where: { id: second.id }, data: { nextAttemptAt: new Date() } });
    t.app.delivery!.nudge();
    await eventually(() => receiver.received.some((r) => r.path === "/second"), 30_000);
    const slowBefore = receiver.received.findIndex((r) => r.path === "/second");
    // Two places, taken in turns: the second account's one waited for a turn, not for 50.
    expect(slowBefore).toBeLessThanOrEqual(4);
    const untried = await t.db.alertNotification.count({ where: { accountId: t.accountId, tries: 0 } });
    expect(untried).toBeGreaterThanOrEqual(45);
    await eventually(async () => (await t.db.alertNotification.count({ where: { status: "SUCCESS" } })) === 51, 60_000);
  }, 90_000);
});
