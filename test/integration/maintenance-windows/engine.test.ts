// The engine honours maintenances (issue 29, section 3): a skipped occurrence neither pauses nor
// silences (its run happens), a moved one pauses at its new time and no longer at its old one. Runs
// are claimed and executed at a fake clock, as test/integration/engine/execute.test.ts does.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAlertContext } from "../../../src/domain/check-statuses/alert-context.js";
import { claimRuns } from "../../../src/domain/runs/index.js";
import { executeRun, type ExecuteOptions } from "../../../src/engine/execute.js";
import { defaultRunners } from "../../../src/engine/runners/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { postMaintenanceWindow } from "../../support/index.js";

const MIN = 60_000;
const HOUR = 60 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

describe(`the engine and maintenances on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  let target: Server;
  let base: string;
  beforeAll(async () => {
    target = createServer((_req, res) => res.end("up"));
    await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.stop();
    await new Promise<void>((r) => target.close(() => r()));
  });

  async function check(tag: string) {
    const created = await api.post("/v1/checks/api", {
      name: tag,
      locations: ["eu-west-1"],
      tags: [tag],
      request: { method: "GET", url: `${base}/` },
    });
    return created.body as { id: string };
  }
  /** A run of the check claimed and executed at `at` (the engine's cache is the app's, as in production). */
  async function runAt(checkId: string, at: number) {
    await t.db.checkRun.create({
      data: { accountId: t.accountId, checkId, location: "eu-west-1", sequenceId: randomUUID(), dueAt: new Date(at) },
    });
    const [run] = await claimRuns({
      ctx: { db: t.db },
      privateLocationId: null,
      owner: "runner",
      now: new Date(at),
      leaseMs: 60_000,
      limit: 1,
    });
    const options: ExecuteOptions = {
      owner: "runner",
      leaseMs: 60_000,
      now: () => new Date(at),
      sleep: async () => {},
      runners: defaultRunners({ blockPrivateTargets: false }),
    };
    return executeRun(t.app.context, run!, options);
  }
  const occurrences = async (windowId: number) =>
    (await api.get(`/v1/maintenance-windows/${windowId}/maintenances`)).body as { id: string; startsAt: string }[];

  it("a skipped occurrence neither pauses nor silences: the run happens", async () => {
    const { id: checkId } = await check("skip-me");
    const now = Date.now();
    const window = await postMaintenanceWindow(api, now - MIN, now + HOUR, {
      tags: ["skip-me"],
      silenceAlertsTags: ["skip-me"],
      repeatInterval: 1,
    });
    expect(await runAt(checkId, now)).toBe("skipped");
    expect((await loadAlertContext(t.db, checkId, new Date(now)))?.silence.maintenance).toBe(true);
    const [running] = await occurrences(window.body.id);
    expect(running!.startsAt).toBe(iso(now - MIN));
    expect((await api.delete(`/v1/maintenance-windows/${window.body.id}/maintenances/${running!.id}`)).status).toBe(
      204,
    );
    expect(await runAt(checkId, now + 1_000)).toBe("recorded");
    expect(await t.db.checkResult.count({ where: { checkId } })).toBe(1);
    expect((await loadAlertContext(t.db, checkId, new Date(now + 1_000)))?.silence.maintenance).toBe(false);
    // The next day's occurrence still pauses.
    expect(await runAt(checkId, now + 24 * HOUR)).toBe("skipped");
  });

  it("a moved occurrence pauses at its new time, not at its old one", async () => {
    const { id: checkId } = await check("move-me");
    const now = Date.now();
    const window = await postMaintenanceWindow(api, now + 2 * HOUR, now + 3 * HOUR, { tags: ["move-me"] });
    const [only] = await occurrences(window.body.id);
    expect(await runAt(checkId, now)).toBe("recorded");
    const moved = await api.raw("PATCH", `/v1/maintenance-windows/${window.body.id}/maintenances/${only!.id}`, {
      body: JSON.stringify({ startsAt: iso(now + 2 * HOUR), endsAt: iso(now + 2 * HOUR + 30 * MIN) }),
      headers: { "content-type": "application/json" },
    });
    expect(moved.status).toBe(200);
    // Shortened: paused at 2 h 10 min, running again at 2 h 40 min (the rule's old end is 3 h).
    expect(await runAt(checkId, now + 2 * HOUR + 10 * MIN)).toBe("skipped");
    expect(await runAt(checkId, now + 2 * HOUR + 40 * MIN)).toBe("recorded");
    // Moved later, past its old time: nothing at the old time, paused at the new one.
    await api.raw("PATCH", `/v1/maintenance-windows/${window.body.id}/maintenances/${only!.id}`, {
      body: JSON.stringify({ startsAt: iso(now + 5 * HOUR) }),
      headers: { "content-type": "application/json" },
    });
    expect(await runAt(checkId, now + 2 * HOUR + 20 * MIN)).toBe("recorded");
    expect(await runAt(checkId, now + 5 * HOUR + 10 * MIN)).toBe("skipped");
    expect(await runAt(checkId, now + 5 * HOUR + 31 * MIN)).toBe("recorded");
  });
});
