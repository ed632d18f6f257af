import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimRuns } from "../../../src/domain/runs/index.js";
import { executeRun, type ExecuteOptions } from "../../../src/engine/execute.js";
import { defaultRunners } from "../../../src/engine/runners/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { postMaintenanceWindow } from "../../support/index.js";

describe(`executing a claimed run on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  let target: Server;
  let base: string;
  let failuresLeft = 0;
  const db = () => t.db;
  beforeAll(async () => {
    target = createServer((_req, res) => (failuresLeft-- > 0 ? res.writeHead(503).end("down") : res.end("up")));
    await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.stop();
    await new Promise<void>((r) => target.close(() => r()));
  });

  /** A queued run of `checkId`, claimed by `owner` at the fake clock's time. */
  async function claimed(checkId: string, clock: { t: number }, owner = "runner") {
    await db().checkRun.create({
      data: {
        accountId: t.accountId,
        checkId,
        location: "eu-west-1",
        sequenceId: randomUUID(),
        dueAt: new Date(clock.t),
      },
    });
    const [run] = await claimRuns({
      ctx: { db: db() },
      privateLocationId: null,
      owner,
      now: new Date(clock.t),
      leaseMs: 60_000,
      limit: 1,
    });
    return run!;
  }
  function options(clock: { t: number }, slept: number[], owner = "runner"): ExecuteOptions {
    return {
      owner,
      leaseMs: 60_000,
      now: () => new Date(clock.t),
      sleep: async (ms) => void (slept.push(ms), (clock.t += ms)),
      runners: defaultRunners({ blockPrivateTargets: false }),
    };
  }
  const results = (checkId: string) =>
    db().checkResult.findMany({ where: { checkId }, orderBy: [{ attempts: "asc" }] });

  it("records failed tries as ATTEMPT results and the last as FINAL, per the retry strategy, sharing a sequenceId", async () => {
    const check = (
      await api.post("/v1/checks/api", {
        name: "flaky",
        locations: ["eu-west-1", "us-east-1"],
        request: { method: "GET", url: `${base}/` },
        retryStrategy: {
          type: "LINEAR",
          baseBackoffSeconds: 10,
          maxRetries: 3,
          maxDurationSeconds: 600,
          sameRegion: false,
        },
      })
    ).body;
    failuresLeft = 2;
    const clock = { t: Date.now() };
    const slept: number[] = [];
    const run = await claimed(check.id, clock);
    expect(await executeRun(t.app.context, run, options(clock, slept))).toBe("recorded");
    expect(slept).toEqual([10_000, 20_000]);
    const rows = await results(check.id);
    expect(rows.map((r) => [r.resultType, r.attempts, r.hasFailures, r.runLocation])).toEqual([
      ["ATTEMPT", 0, true, "eu-west-1"],
      ["ATTEMPT", 1, true, "us-east-1"],
      ["FINAL", 2, false, "eu-west-1"],
    ]);
    expect(new Set(rows.map((r) => r.sequenceId))).toEqual(new Set([run.sequenceId]));
    expect(rows.every((r) => r.checkRunId === run.id)).toBe(true);
    expect((await db().checkRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("DONE");
    const v2 = await api.get(`/v2/check-results/${check.id}?resultType=ALL`);
    expect(v2.body.entries).toHaveLength(3);
  });

  it("gives up after maxRetries with a failing FINAL, and without a strategy runs once", async () => {
    const check = (
      await api.post("/v1/checks/api", {
        name: "down",
        locations: ["eu-west-1"],
        request: { method: "GET", url: `${base}/` },
        retryStrategy: { type: "FIXED", baseBackoffSeconds: 1, maxRetries: 1 },
      })
    ).body;
    failuresLeft = 5;
    const clock = { t: Date.now() };
    await executeRun(t.app.context, await claimed(check.id, clock), options(clock, []));
    expect((await results(check.id)).map((r) => [r.resultType, r.hasFailures])).toEqual([
      ["ATTEMPT", true],
      ["FINAL", true],
    ]);
    const once = (
      await api.post("/v1/checks/api", {
        name: "once",
        locations: ["eu-west-1"],
        request: { method: "GET", url: `${base}/` },
        doubleCheck: false,
      })
    ).body;
    failuresLeft = 5;
    await executeRun(t.app.context, await claimed(once.id, clock), options(clock, []));
    expect((await results(once.id)).map((r) => r.resultType)).toEqual(["FINAL"]);
  });

  it("ends a type it cannot run (no runner for it) with hasErrors and a message, never silently", async () => {
    const check = (
      await api.post("/v1/checks/browser", {
        name: "browser",
        locations: ["eu-west-1"],
        script: "await page.goto('x')",
      })
    ).body;
    const clock = { t: Date.now() };
    // An instance or agent without a runner for the type (browser checks have one since issue 16).
    await executeRun(t.app.context, await claimed(check.id, clock), { ...options(clock, []), runners: {} });
    const [row] = await results(check.id);
    expect(row).toMatchObject({
      resultType: "FINAL",
      hasErrors: true,
      browserCheckResult: { errors: [expect.stringContaining("not run by this version")] },
    });
  });

  it("skips a check paused by a maintenance window, and records nothing for a run it lost", async () => {
    const check = (
      await api.post("/v1/checks/api", {
        name: "paused",
        locations: ["eu-west-1"],
        tags: ["db"],
        request: { method: "GET", url: `${base}/` },
      })
    ).body;
    const now = Date.now();
    await postMaintenanceWindow(api, now - 60_000, now + 3_600_000, { name: "db work", tags: ["db"] });
    const clock = { t: now };
    const run = await claimed(check.id, clock);
    expect(await executeRun(t.app.context, run, options(clock, []))).toBe("skipped");
    expect(await results(check.id)).toEqual([]);
    expect((await db().checkRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("CANCELLED");

    const other = (
      await api.post("/v1/checks/api", {
        name: "lost",
        locations: ["eu-west-1"],
        request: { method: "GET", url: `${base}/` },
      })
    ).body;
    const lostRun = await claimed(other.id, clock, "dying");
    clock.t += 61_000; // the lease ran out and another runner took the run
    await claimRuns({
      ctx: { db: db() },
      privateLocationId: null,
      owner: "healthy",
      now: new Date(clock.t),
      leaseMs: 60_000,
      limit: 10,
    });
    failuresLeft = 0;
    expect(await executeRun(t.app.context, lostRun, options(clock, [], "dying"))).toBe("lost");
    expect(await results(other.id)).toEqual([]);
  });
});
