import { type DbOrTx, isPostgres } from "../../db/client.js";
import { runStepsInTx, type SqlSteps } from "../../db/sql-steps.js";
import { Prisma } from "../../generated/sqlite/client.js";
import { decideAlert } from "../alert-rules/decide.js";
import { applyFlapping, stateAfter } from "../alert-rules/flapping.js";
import { runNeedsSettings } from "../alert-rules/in-force.js";
import type { StatusEffects } from "./effects.js";
import { recordHeartbeatStatus } from "./heartbeats.js";
import { toAlertState, toFlapState, toStatusData, type CheckStatusRow } from "./rows.js";

export type HeartbeatPass = { accountId: string; checkId: string; at: Date };

// What recordCheckStatus decides without settings (a passing run that cannot alert).
const UNUSED_RULES = {
  escalationType: "RUN_BASED",
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
} as const;
const QUIET = { muted: false, maintenance: false };
/** The columns a quiet pass moves; any other change of the decided state takes the general path. */
type Moved = { runs: number; recentChanges: string[]; lastRunAt: Date; passes: number };

const same = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date
    ? (a as Date | null)?.getTime() === (b as Date | null)?.getTime()
    : JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A check's passes decided in memory as recordCheckStatus decides each (no settings needed, so
 * none read): what they move, or null when one of them may alert, change the condition or touch
 * any other column than runs, recentChanges and the run facts.
 */
function quietPasses(row: CheckStatusRow, passes: readonly HeartbeatPass[]): Moved | null {
  let state = toAlertState(row);
  let flap = toFlapState(row);
  for (const pass of passes) {
    if (runNeedsSettings(state, "PASS") || flap.flapping) return null;
    const decision = decideAlert(UNUSED_RULES, state, { kind: "run", outcome: "PASS", at: pass.at }, QUIET, pass.at);
    if (decision.state.condition !== state.condition) return null;
    const flapped = applyFlapping(flap, decision, {
      changed: false,
      silenced: decision.state.episodeSilenced,
      now: pass.at,
    });
    if (flapped.alert) return null;
    state = stateAfter(state, decision, flapped.alert);
    flap = flapped.flap;
  }
  const data = toStatusData(state, flap, row.dueAt) as Record<string, unknown>;
  for (const [column, value] of Object.entries(data))
    if (column !== "runs" && column !== "recentChanges" && !same(value, row[column as keyof CheckStatusRow]))
      return null;
  return {
    runs: state.runs,
    recentChanges: flap.recentChanges.map((at) => at.toISOString()),
    lastRunAt: passes.at(-1)!.at,
    passes: passes.length,
  };
}

/** A check whose passes are all quiet: its status row as read, and what the passes move. */
export type QuietPasses = { row: CheckStatusRow; moved: Moved };

/** The passes grouped by check, in the order they happened. */
export function passesByCheck(passes: readonly HeartbeatPass[]): Map<string, HeartbeatPass[]> {
  const byCheck = new Map<string, HeartbeatPass[]>();
  for (const pass of passes) {
    const list = byCheck.get(pass.checkId);
    if (list) list.push(pass);
    else byCheck.set(pass.checkId, [pass]);
  }
  return byCheck;
}

/** The checks whose passes are quiet, from their status rows; every other check (or one without a row) is left out. */
export function quietOf(rows: readonly CheckStatusRow[], byCheck: Map<string, HeartbeatPass[]>): QuietPasses[] {
  return rows.flatMap((row) => {
    const passes = byCheck.get(row.checkId);
    const moved = passes ? quietPasses(row, passes) : null;
    return moved ? [{ row, moved }] : [];
  });
}

/**
 * The status decisions of many heartbeat pings (passing runs) in the caller's transaction, each as
 * recordHeartbeatStatus would make it: one read of the statuses, then one compare-and-set statement
 * for every check whose passes are quiet (a passing check staying passing: nothing to alert, no
 * settings to read); each pass's time is its `now`, as for a single ping. The others, and any check whose version moved meanwhile, go through
 * recordHeartbeatStatus pass by pass, in checkId order. `passes` are in the order they happened.
 */
export async function recordHeartbeatPasses({
  tx,
  passes,
  publicUrl,
  effects,
}: {
  tx: DbOrTx;
  passes: readonly HeartbeatPass[];
  publicUrl: string | undefined;
  effects: StatusEffects;
}): Promise<void> {
  const byCheck = passesByCheck(passes);
  const rows = await tx.checkStatus.findMany({ where: { checkId: { in: [...byCheck.keys()] } } });
  const quiet = quietOf(rows as CheckStatusRow[], byCheck);
  const written = new Set(quiet.length ? await runStepsInTx(tx, setQuiet(quiet, isPostgres(tx))) : []);
  for (const checkId of [...byCheck.keys()].sort())
    if (!written.has(checkId))
      for (const pass of byCheck.get(checkId)!)
        await recordHeartbeatStatus({ tx, ...pass, outcome: "PASS", now: pass.at, publicUrl, effects });
}

/** One UPDATE … FROM VALUES, each row a compare-and-set on its version; the checkIds it wrote. */
export function* setQuiet(quiet: readonly QuietPasses[], pg: boolean): SqlSteps<string[]> {
  const int = (n: number) => (pg ? Prisma.sql`CAST(${n} AS INTEGER)` : Prisma.sql`${n}`);
  const time = (d: Date) => (pg ? Prisma.sql`CAST(${d} AS TIMESTAMP(3))` : Prisma.sql`${d}`);
  const json = (v: unknown) =>
    pg ? Prisma.sql`CAST(${JSON.stringify(v)} AS JSONB)` : Prisma.sql`${JSON.stringify(v)}`;
  const values = quiet.map(
    ({ row, moved }) =>
      Prisma.sql`(${row.checkId}, ${int(row.version)}, ${int(row.version + moved.passes)}, ${int(moved.runs)}, ${json(moved.recentChanges)}, ${time(moved.lastRunAt)})`,
  );
  const updated = yield Prisma.sql`
    WITH v ("checkId", "version", "next", "runs", "recentChanges", "lastRunAt") AS (VALUES ${Prisma.join(values)})
    UPDATE "CheckStatus" SET "version" = v."next", "runs" = v."runs", "recentChanges" = v."recentChanges",
      "lastRunAt" = v."lastRunAt", "hasFailures" = FALSE, "hasErrors" = FALSE, "isDegraded" = FALSE, "updatedAt" = v."lastRunAt"
    FROM v
    WHERE "CheckStatus"."checkId" = v."checkId" AND "CheckStatus"."version" = v."version"
    RETURNING "CheckStatus"."checkId"`;
  return updated.map((row) => row.checkId as string);
}
