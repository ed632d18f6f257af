// Issue 14: local days of a zone a whole number of hours from UTC are read as UTC days plus and
// minus a few hourly rollups (planWithDays), not as 24 hourly rows each. The report must equal the
// one summed from hourly rows alone (aggregateRollups with extremes, the path the rollup tests
// compare with raw rows), across a daylight-saving change, for zones east and west of UTC and one
// half an hour off the hour.
import { describe, expect, it } from "vitest";
import { domainContext } from "../../../src/app-context.js";
import { recordCheckResult } from "../../../src/domain/check-results/index.js";
import { getReporting, ReportingQuery, toAggregateView } from "../../../src/domain/reporting/index.js";
import { reportSpans } from "../../../src/domain/reporting/window.js";
import { aggregateRollups, planWithDays } from "../../../src/domain/rollups/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheck } from "../../support/index.js";

const HOUR = 3_600_000;
// Europe/Berlin moves to summer time on 2026-03-29, America/New_York on 2026-03-08.
const FROM = Date.parse("2026-03-25T00:00:00Z");
const TO = Date.parse("2026-04-01T00:00:00Z");

/** A seeded generator (mulberry32): a failing case can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe(`reporting local days from UTC days on ${testProvider}`, () => {
  const t = useTestApp();

  it("equals the sums of hourly rollups in Berlin, New York and Kolkata, across a DST change", async () => {
    const ctx = domainContext(t.app.context, t.accountId);
    const checks = [await createCheck(t, { name: "Local A" }), await createCheck(t, { name: "Local B" })];
    const next = random(14);
    // Results at random instants, more of them around the local midnights (the hours added and
    // subtracted), some failing, response times spread over the sketch's range.
    for (let i = 0; i < 160; i++) {
      const day = Math.floor(next() * 7);
      const hour = next() < 0.6 ? [21, 22, 23, 0, 1, 4, 5][Math.floor(next() * 7)]! : Math.floor(next() * 24);
      const startedAt = FROM + day * 24 * HOUR + hour * HOUR + Math.floor(next() * HOUR);
      await recordCheckResult({
        ctx,
        input: {
          checkId: checks[i % 2]!.id,
          runLocation: "eu-west-1",
          startedAt: new Date(startedAt).toISOString(),
          responseTime: Math.floor(20 + next() * next() * 3_000),
          hasFailures: next() < 0.15,
        },
      });
    }
    for (const timezone of ["Europe/Berlin", "America/New_York", "Asia/Kolkata"]) {
      const query = { from: String(FROM / 1000), to: String(TO / 1000), granularity: "day", timezone };
      const report = await getReporting({ ctx, query });
      const { spans } = reportSpans(ReportingQuery.parse(query), Date.now());
      // The report read hours subtracted from whole days (Kolkata's half hours round to whole ones
      // too), each read once for the two local days it belongs to (a label below -1).
      const planned = planWithDays(spans);
      expect(planned.hourLabels.labels.filter((label) => label < -1).length, timezone).toBeGreaterThan(3);
      // The report's first day has no neighbour before it: its hours are subtracted alone.
      expect(planned.minus.length, timezone).toBeLessThanOrEqual(2);
      const hourly = await aggregateRollups({
        db: t.db,
        accountId: t.accountId,
        checkIds: null,
        spans,
        extremes: true,
      });
      for (const row of report) {
        const expected = spans.flatMap((span, i) => {
          const a = hourly.get(row.checkId)?.[i];
          return a ? [{ ...toAggregateView(a), from: new Date(span.from), to: new Date(span.to) }] : [];
        });
        expect(expected.length, timezone).toBeGreaterThan(3);
        expect(row.aggregates, `${timezone} ${row.name}`).toEqual(expected);
      }
    }
  });
});
