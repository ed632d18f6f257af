// Issue 11, the write path's side of alerting: concurrent recordings of one check decide each
// alert once by compare-and-set on the status's version, and a passing result with nothing to
// alert costs the recording a fixed, small number of statements.
import { afterAll, describe, expect, it } from "vitest";
import { noStatusEffects } from "../../../src/domain/check-statuses/effects.js";
import { recordCheckStatus } from "../../../src/domain/check-statuses/record.js";
import { DEFAULT_PUBLIC_URL } from "../../../src/domain/check-statuses/results.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { checkFactory, resultRecorder } from "../../support/index.js";

describe(`alert decisions under concurrent writes on ${testProvider}`, () => {
  const statements: string[] = [];
  const t = useTestApp({}, { onQuery: (sql) => statements.push(sql) });
  const db = () => t.db;
  const newCheck = checkFactory(t, { locations: ["eu-west-1"] });
  const record = resultRecorder(t);
  afterAll(() => t.stop());

  const subscribe = async (checkId: string) => {
    const channel = await db().alertChannel.create({
      data: { accountId: t.accountId, type: "WEBHOOK", config: { url: "http://127.0.0.1:9/hook", name: "hook" } },
    });
    await db().alertChannelSubscription.create({ data: { alertChannelId: channel.id, checkId } });
  };
  const alerts = (checkId: string) => db().checkAlert.findMany({ where: { checkId } });

  it("failing FINAL results of different runs recorded in parallel transactions raise one ALERT_FAILURE", async () => {
    const check = await newCheck();
    await subscribe(check.id);
    await record({ checkId: check.id, runLocation: "eu-west-1", hasFailures: false });
    const runs = 6;
    const results = await Promise.all(
      Array.from({ length: runs }, () => record({ checkId: check.id, runLocation: "eu-west-1", hasFailures: true })),
    );
    expect(new Set(results.map((r) => r.checkRunId)).size).toBe(runs);
    expect((await alerts(check.id)).map((a) => a.alertType)).toEqual(["ALERT_FAILURE"]);
    expect(await db().alertNotification.count({ where: { checkId: check.id } })).toBe(1);
    const status = await db().checkStatus.findUniqueOrThrow({ where: { checkId: check.id } });
    // Every recording moved the status once: none lost its write, none was counted twice.
    expect(status).toMatchObject({ condition: "FAILING", alerted: "FAILURE", hasFailures: true, version: runs + 1 });
  });

  it("a recording that loses the compare-and-set reads the status again and decides again", async () => {
    const check = await newCheck();
    await subscribe(check.id);
    await record({ checkId: check.id, runLocation: "eu-west-1", hasFailures: false });
    const before = await db().checkStatus.findUniqueOrThrow({ where: { checkId: check.id } });

    // Both recordings read the status before either writes: one of them must lose.
    let arrived = 0;
    let release!: () => void;
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    const seen: { who: number; version: number }[] = [];
    const recordFailure = (who: number, tx: Parameters<typeof recordCheckStatus>[0]["tx"]) =>
      recordCheckStatus({
        tx,
        accountId: t.accountId,
        checkId: check.id,
        now: new Date(),
        publicUrl: DEFAULT_PUBLIC_URL,
        effects: noStatusEffects(),
        observe: async (_context, row) => {
          seen.push({ who, version: row.version });
          if (++arrived === 2) release();
          await bothRead;
          return { kind: "run", outcome: "FAIL", at: new Date(), facts: { hasFailures: true }, result: null };
        },
      });
    if (testProvider === "postgresql") {
      // Two transactions on two connections: the loser's UPDATE waits for the winner's row lock,
      // then matches no row (the version moved) and the loser tries again in its transaction.
      await Promise.all([1, 2].map((who) => db().$transaction((tx) => recordFailure(who, tx))));
    } else {
      // SQLite has one connection, whose interactive transactions run one at a time (the second
      // would wait for the first, which waits for the second to read): the two recordings share
      // it outside a transaction, which leaves the same compare-and-set between them.
      await Promise.all([1, 2].map((who) => recordFailure(who, db())));
    }

    // Three reads: both at the first version, then the loser again at the winner's.
    expect(seen).toHaveLength(3);
    expect(seen.slice(0, 2).map((s) => s.version)).toEqual([before.version, before.version]);
    expect(seen[2]!.version).toBe(before.version + 1);
    expect((await alerts(check.id)).map((a) => a.alertType)).toEqual(["ALERT_FAILURE"]);
    const after = await db().checkStatus.findUniqueOrThrow({ where: { checkId: check.id } });
    expect(after).toMatchObject({ condition: "FAILING", alerted: "FAILURE", version: before.version + 2 });
  });

  it("a passing FINAL result with nothing to alert adds two statements to the recording, and two for its rollups", async () => {
    const check = await newCheck();
    await subscribe(check.id);
    await record({ checkId: check.id, runLocation: "eu-west-1", hasFailures: false });
    const own = () => statements.filter((sql) => !/^(BEGIN|COMMIT|ROLLBACK|PRAGMA)/i.test(sql.trim()));
    const count = async (resultType: "ATTEMPT" | "FINAL") => {
      statements.length = 0;
      await record({ checkId: check.id, runLocation: "eu-west-1", hasFailures: false, resultType });
      return own();
    };
    // An ATTEMPT result never touches the status: the same recording without the alert decision.
    const attempt = await count("ATTEMPT");
    const final = await count("FINAL");
    // Both: the check read (SELECT "Check"), its run (INSERT "CheckRun": no checkRunId given) and
    // the result (INSERT "CheckResult"), in one transaction.
    expect(attempt).toHaveLength(3);
    // The FINAL adds the decision's fast path: the status row read (SELECT "CheckStatus"), then
    // the compare-and-set moving its version and run facts (UPDATE "CheckStatus"). Nothing else:
    // no settings, silence or channel reads (a passing run after a passing one cannot alert), no
    // CheckAlert or outbox row. And its rollups (issue 14): one upsert of the hour's and the day's
    // counters, then their merged sketches (the rows exist: the first result made them).
    expect(final).toHaveLength(7);
    const rollups = final.filter((sql) => /["`]CheckRollup["`]/.test(sql));
    expect(rollups).toHaveLength(2);
    expect(rollups[0]).toMatch(/^\s*INSERT INTO "CheckRollup"[\s\S]*ON CONFLICT/);
    const added = final.filter((sql) => /["`]CheckStatus["`]/.test(sql));
    expect(added).toHaveLength(2);
    expect(added[0]).toMatch(/^SELECT/);
    expect(added[1]).toMatch(/^UPDATE/);
    expect(
      final.filter((sql) => /["`](CheckAlert|AlertNotification|AlertChannel\w*|AlertSettings)["`]/.test(sql)),
    ).toEqual([]);
  });
});
