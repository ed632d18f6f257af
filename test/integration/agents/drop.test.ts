import { systemContext } from "../../../src/app-context.js";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { dropUnclaimedRuns } from "../../../src/domain/runs/index.js";
import type { VigilEvent } from "../../../src/events/bus.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createPrivateLocation, createPrivateCheck } from "../../support/index.js";

const T = Date.parse("2026-03-01T12:00:00Z");
const at = (ms: number) => new Date(T + ms);
const MINUTE = 60_000;

describe(`dropping private-location runs nobody claimed on ${testProvider}`, () => {
  const t = useTestApp();
  const db = () => t.db;

  it("drops QUEUED private runs 6 minutes after they were due, once even with two instances at once, with a FINAL error result", async () => {
    const location = await createPrivateLocation(t, { name: "Lab" });
    const api = await createPrivateCheck(t, [location.slugName]);
    const tcp = await createPrivateCheck(t, [location.slugName], { checkType: "TCP", name: "tcp" });
    const run = (checkId: string, data: Record<string, unknown> = {}) => ({
      accountId: t.accountId,
      checkId,
      privateLocationId: location.id,
      sequenceId: randomUUID(),
      dueAt: at(0),
      ...data,
    });
    await db().checkRun.createMany({
      data: [
        run(api.id),
        run(tcp.id),
        run(api.id, { dueAt: at(MINUTE) }), // due later: not yet 6 minutes late
        run(api.id, { status: "RUNNING", leaseOwner: "agent", leaseExpiresAt: at(60 * MINUTE) }), // held by an agent
        run(api.id, { privateLocationId: null, location: "eu-west-1" }), // a data-center run: the service runs those
      ],
    });
    const events: VigilEvent[] = [];
    const unsubscribe = t.app.context.events.subscribe((event) => events.push(event));

    expect(await dropUnclaimedRuns({ ctx: systemContext(t.app.context), now: at(6 * MINUTE - 1) })).toBe(0);
    const counts = await Promise.all([
      dropUnclaimedRuns({ ctx: systemContext(t.app.context), now: at(6 * MINUTE) }),
      dropUnclaimedRuns({ ctx: systemContext(t.app.context), now: at(6 * MINUTE) }),
    ]);
    expect(counts[0] + counts[1]).toBe(2);
    expect(await dropUnclaimedRuns({ ctx: systemContext(t.app.context), now: at(6 * MINUTE + 1) })).toBe(0);
    unsubscribe();

    const runs = await db().checkRun.findMany({
      where: { accountId: t.accountId, checkId: { in: [api.id, tcp.id] } },
      orderBy: { id: "asc" },
    });
    expect(runs.map((r) => r.status)).toEqual(["DROPPED", "DROPPED", "QUEUED", "RUNNING", "QUEUED"]);
    const results = await db().checkResult.findMany({ where: { checkId: { in: [api.id, tcp.id] } } });
    expect(results).toHaveLength(2);
    for (const result of results)
      expect(result).toMatchObject({ resultType: "FINAL", hasErrors: true, runLocation: location.slugName });
    const apiResult = results.find((r) => r.checkId === api.id)!;
    expect((apiResult.apiCheckResult as { requestError: string }).requestError).toMatch(
      /no agent of private location .* claimed this run within 6 minutes/,
    );
    const tcpResult = results.find((r) => r.checkId === tcp.id)!;
    expect((tcpResult.browserCheckResult as { errors: string[] }).errors[0]).toMatch(/within 6 minutes/);
    expect(
      events
        .filter((e) => e.type === "checkResultRecorded")
        .map((e) => (e as { checkResultId: string }).checkResultId)
        .sort(),
    ).toEqual(results.map((r) => r.id).sort());

    // The dropped result is a result like any other: listed at the location's slug.
    const listed = await t.api.get(`/v2/check-results/${api.id}`);
    expect(listed.body.entries).toEqual([
      expect.objectContaining({ runLocation: location.slugName, hasErrors: true, checkRunId: runs[0]!.id }),
    ]);
  });
});
