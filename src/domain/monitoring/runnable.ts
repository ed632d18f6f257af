import type { DbOrTx } from "../../db/client.js";
import { maintenanceStatus } from "../maintenance-windows/status.js";
import type { StoredRevision } from "../runs/claim.js";
import { effectiveCheck, type EffectiveCheck } from "./effective.js";
import type { AgenticSpec, PlaywrightProject, RunnableCheck, ScriptSettings } from "./tries.js";

const tags = (value: unknown) => (Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : []);

/** ICMP's packet-loss thresholds live in the check's settings (the reference's defaults when never set). */
function packetLoss(checkType: string, settings: unknown) {
  if (checkType !== "ICMP") return {};
  const stored = (settings ?? {}) as {
    degradedPacketLossThreshold?: number | null;
    maxPacketLossThreshold?: number | null;
  };
  return {
    degradedPacketLossThreshold: stored.degradedPacketLossThreshold ?? null,
    maxPacketLossThreshold: stored.maxPacketLossThreshold ?? null,
  };
}

/** An AGENTIC check's prompt and assertions (strings, or objects with a `condition`) live in its settings. */
function agentic(checkType: string, settings: unknown): { agentic?: AgenticSpec } {
  if (checkType !== "AGENTIC") return {};
  const stored = (settings ?? {}) as { prompt?: unknown; assertions?: unknown; timeout?: unknown };
  const assertions = (Array.isArray(stored.assertions) ? stored.assertions : []).flatMap((a: unknown) => {
    const text = typeof a === "string" ? a : (a as { condition?: unknown } | null)?.condition;
    return typeof text === "string" && text.trim() ? [text.trim()] : [];
  });
  return {
    agentic: {
      prompt: typeof stored.prompt === "string" ? stored.prompt : null,
      assertions,
      timeoutSeconds: typeof stored.timeout === "number" && stored.timeout > 0 ? stored.timeout : null,
    },
  };
}

const SCRIPTED = new Set(["BROWSER", "MULTI_STEP", "PLAYWRIGHT"]);
const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/**
 * A PLAYWRIGHT check's project, as kept in its `settings` (such checks are created outside the
 * API): `files` [{path, content}], `testCommand`, `pwProjects`, `pwTags`, `timeout` (seconds).
 */
function playwrightProject(settings: unknown): PlaywrightProject {
  const stored = (settings ?? {}) as Record<string, unknown>;
  const files = Array.isArray(stored.files)
    ? (stored.files as { path?: unknown; content?: unknown }[]).flatMap((f) =>
        typeof f?.path === "string" && typeof f.content === "string" ? [{ path: f.path, content: f.content }] : [],
      )
    : [];
  return {
    files,
    testCommand: typeof stored.testCommand === "string" ? stored.testCommand : null,
    pwProjects: strings(stored.pwProjects),
    pwTags: strings(stored.pwTags),
    timeout: typeof stored.timeout === "number" ? stored.timeout : null,
  };
}

function scripted(check: CheckRow): ScriptSettings | undefined {
  if (!SCRIPTED.has(check.checkType)) return undefined;
  const present = (...scripts: (string | null | undefined)[]) => scripts.filter((s): s is string => Boolean(s?.trim()));
  return {
    script: check.script,
    setupScripts: present(check.group?.localSetupScript, check.localSetupScript),
    tearDownScripts: present(check.localTearDownScript, check.group?.localTearDownScript),
    frequency: check.frequency,
    ...(check.checkType === "PLAYWRIGHT" ? { playwright: playwrightProject(check.settings) } : {}),
  };
}

export type Runnable = { check: RunnableCheck & { id: string; name: string }; effective: EffectiveCheck };

type CheckRow = NonNullable<Awaited<ReturnType<typeof readCheck>>>;
type WindowRow = Awaited<ReturnType<typeof readWindows>>[number];

/** The columns a run needs of its check and group (no dates: a cached row is kept as JSON text). */
const settingsSelect = {
  activated: true,
  muted: true,
  locations: true,
  privateLocations: true,
  runtimeId: true,
  retryStrategy: true,
  alertSettings: true,
  useGlobalAlertSettings: true,
  environmentVariables: true,
  tags: true,
  localSetupScript: true,
  localTearDownScript: true,
  revision: true,
} as const;
const checkSelect = {
  ...settingsSelect,
  id: true,
  accountId: true,
  name: true,
  checkType: true,
  doubleCheck: true,
  request: true,
  degradedResponseTime: true,
  maxResponseTime: true,
  shouldFail: true,
  settings: true,
  script: true,
  frequency: true,
  group: { select: { ...settingsSelect, apiCheckDefaults: true, concurrency: true } },
} as const;

const readCheck = (db: DbOrTx, run: { accountId: string; checkId: string }) =>
  db.check.findFirst({ where: { id: run.checkId, accountId: run.accountId }, select: checkSelect });
const readWindows = (db: DbOrTx, accountId: string, now: Date) =>
  db.maintenanceWindow.findMany({ where: { accountId, startsAt: { lte: now } } });

/** A run to load: with `revision`, what its claim read of the stored revisions. */
type RunToLoad = { accountId: string; checkId: string; revision?: StoredRevision };

/** Whether a cached check row is the one stored when the claim read `revision`. */
const sameCheck = (entry: CheckEntry, revision: StoredRevision) =>
  entry.revision === revision.check && entry.groupRevision === revision.group;

/** A cache's default bound: what its check rows take, as JSON (a script-type check can hold 100s of KiB). */
const MAX_CACHED_BYTES = 32 * 1024 * 1024;

/** A cached check: its row as JSON text (null: not found), parsed anew for each run it serves. */
type CheckEntry = {
  at: number;
  accountId: string | null;
  revision: number | null;
  groupRevision: number | null;
  text: string | null;
  bytes: number;
};

/** What V8 holds of a string: a byte a character, two when one is outside Latin-1. */
const heldBytesOf = (text: string) => (/[\u0100-\uffff]/.test(text) ? 2 : 1) * text.length;

/**
 * Checks and maintenance windows as recently read, for the engine's runners: at thousands of runs
 * a minute most runs are of checks read before. An entry serves a claimed run only while the
 * revisions its claim read match the entry's (every write of a check, group or window bumps one,
 * docs/decisions.md "Edits take effect at once"), so an edit reaches the next run on every
 * instance; a check entry so confirmed lives on (a check runs once a minute or less often: a time
 * limit shorter than that made every run read its check again), within `maxBytes` of rows, oldest
 * dropped first. A row is kept as its JSON text, the columns a run needs only: a string is one
 * object to the collector and takes a byte a character, where the row's objects took 2.5 KB
 * an API check (26 MB of the engine bench's heap at 10,000 checks); parsing it again costs a run
 * a few microseconds, and hands each run a row of its own. Without a revision (a run the claim
 * did not read one for), and for windows, which start and end with time, not writes, an entry
 * lives at most `ttlMs`.
 */
export class RunnableCache {
  private checks = new Map<string, CheckEntry>();
  private windows = new Map<string, { at: number; rows: WindowRow[]; revision: number | null }>();
  private bytes = 0;
  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes = MAX_CACHED_BYTES,
  ) {}

  async check(db: DbOrTx, run: RunToLoad, now: number): Promise<CheckRow | null> {
    const hit = this.checks.get(run.checkId);
    if (hit && (run.revision ? sameCheck(hit, run.revision) : now - hit.at < this.ttlMs))
      return hit.accountId === run.accountId && hit.text !== null ? (JSON.parse(hit.text) as CheckRow) : null;
    const row = await readCheck(db, run);
    const text = row ? JSON.stringify(row) : null;
    this.keep(run.checkId, {
      at: now,
      accountId: row?.accountId ?? null,
      revision: row?.revision ?? null,
      groupRevision: row?.group?.revision ?? null,
      text,
      bytes: text ? heldBytesOf(text) : 0,
    });
    return row;
  }

  /** Held bytes of check rows (their JSON text), for tests. */
  heldBytes() {
    return this.bytes;
  }

  private keep(checkId: string, entry: CheckEntry) {
    this.drop(checkId);
    if (entry.bytes > this.maxBytes) return;
    this.checks.set(checkId, entry);
    this.bytes += entry.bytes;
    for (const key of this.checks.keys()) {
      if (this.bytes <= this.maxBytes && this.checks.size <= 100_000) break;
      this.drop(key);
    }
  }

  private drop(checkId: string) {
    const entry = this.checks.get(checkId);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.checks.delete(checkId);
  }

  async windowsOf(db: DbOrTx, run: RunToLoad, now: Date): Promise<WindowRow[]> {
    const hit = this.windows.get(run.accountId);
    const revision = run.revision?.windows ?? null;
    if (hit && now.getTime() - hit.at < this.ttlMs && (!run.revision || hit.revision === revision)) return hit.rows;
    const rows = await readWindows(db, run.accountId, now);
    // Tagged with the claim's revision: a write between the claim and this read only costs a reload.
    this.windows.delete(run.accountId);
    this.windows.set(run.accountId, { at: now.getTime(), rows, revision });
    // Accounts' entries in the order they were read: the oldest are stale first.
    for (const [key, entry] of this.windows) {
      if (this.windows.size <= 10_000 && now.getTime() - entry.at < this.ttlMs) break;
      this.windows.delete(key);
    }
    return rows;
  }
}

/**
 * What a claimed run runs with, or null when it must not run: its check is gone, deactivated
 * (itself or its group), or paused by an active maintenance window. Shared by the service's
 * runners and the agent API, which hands the same settings to a private-location agent. Without
 * a cache it reads the database now.
 */
export async function loadRunnable({
  ctx: { db },
  run,
  now,
  cache,
}: {
  ctx: { db: DbOrTx };
  run: RunToLoad;
  now: Date;
  cache?: RunnableCache;
}): Promise<Runnable | null> {
  const check = cache ? await cache.check(db, run, now.getTime()) : await readCheck(db, run);
  if (!check) return null;
  const effective = effectiveCheck(check, check.group);
  if (!effective.activated) return null;
  const windows = cache ? await cache.windowsOf(db, run, now) : await readWindows(db, run.accountId, now);
  if (maintenanceStatus(windows, { tags: tags(check.tags), groupTags: tags(check.group?.tags) }, now).paused)
    return null;
  const { id, name, checkType, degradedResponseTime, maxResponseTime, shouldFail } = check;
  return {
    check: {
      id,
      name,
      checkType,
      degradedResponseTime,
      maxResponseTime,
      shouldFail,
      ...packetLoss(check.checkType, check.settings),
      ...agentic(check.checkType, check.settings),
      ...(SCRIPTED.has(checkType) ? { scripted: scripted(check) } : {}),
    },
    effective,
  };
}
