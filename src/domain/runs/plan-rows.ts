import type { DbOrTx } from "../../db/client.js";
import type { RawRead } from "../../db/sqlite-reads.js";
import { Prisma } from "../../generated/sqlite/client.js";
import { phaseMs } from "../monitoring/plan.js";
import { readRows } from "../shared/raw-reads.js";

/** What the scheduler plans a check's runs from: the check's schedule and places, its group's. */
const planSelect = {
  id: true,
  accountId: true,
  groupId: true,
  frequency: true,
  frequencyOffset: true,
  runParallel: true,
  tags: true,
  locations: true,
  privateLocations: true,
  group: { select: { tags: true, locations: true, privateLocations: true } },
} as const;

/** The checks the scheduler plans: activated, not heartbeats, not in a deactivated group. */
const planned = {
  activated: true,
  checkType: { not: "HEARTBEAT" },
  OR: [{ groupId: null }, { group: { activated: true } }],
};

/** A planned check's row, with its phase (phaseMs): computed as it is read, kept as long as the row. */
export type PlanRow = Awaited<ReturnType<typeof readRowsOf>>[number] & { phaseMs: number };

const readRowsOf = (db: DbOrTx, ids?: string[]) =>
  db.check.findMany({ where: ids ? { ...planned, id: { in: ids } } : planned, select: planSelect });

type Listed = PlanRow["tags"];
/** The empty list most checks have (tags, private locations): one, frozen, shared by every row. */
const NONE = Object.freeze([]) as unknown as Listed;
const listed = (value: Listed): Listed => (Array.isArray(value) && value.length === 0 ? NONE : value);

/**
 * The plan rows of every planned check, or of those of `ids` that are planned. Each is made as one
 * object literal with its phase, so that all its fields live in the object itself: adding the phase
 * to Prisma's row afterwards moved them to a second store of 100 bytes a row (the cache holds one
 * per planned check).
 */
export async function readPlanRows(db: DbOrTx, ids?: string[]): Promise<PlanRow[]> {
  return (await readRowsOf(db, ids)).map((row) => ({
    id: row.id,
    accountId: row.accountId,
    groupId: row.groupId,
    frequency: row.frequency,
    frequencyOffset: row.frequencyOffset,
    runParallel: row.runParallel,
    tags: listed(row.tags),
    locations: listed(row.locations),
    privateLocations: listed(row.privateLocations),
    group: row.group && {
      tags: listed(row.group.tags),
      locations: listed(row.group.locations),
      privateLocations: listed(row.group.privateLocations),
    },
    phaseMs: phaseMs(row),
  }));
}

/** A planned check's stamp columns: every write of a check or a group moves one of them. */
type StampRow = { id: string; revision: unknown; updatedAt: unknown; groupRevision: unknown; groupUpdatedAt: unknown };

/** Rows read by id per statement (well under SQLite's and PostgreSQL's bound variables). */
const CHUNK = 500;

/**
 * The plan rows of the scheduler, kept between its ticks: at 10,000 checks, reading every row
 * (JSON columns and groups included) every 5 s was most of a tick and ~40 MB of short-lived
 * objects that outlived the young generation. A tick reads each planned check's stamp (its and
 * its group's revision and update time: a write of either moves one, docs/decisions.md "Edits
 * take effect at once") and then only the rows whose stamp moved; a check no longer planned
 * (deleted, deactivated, its group deactivated) drops out. Two statements a tick, and a third
 * per 500 changed checks. A row's phase goes with it: its inputs (id, frequency, offset) move the
 * stamp when they change. `rawRead` (the database's, src/db/sqlite-reads.ts) reads the stamps: on
 * SQLite 10,000 of them cost 40 ms of CPU through Prisma's `$queryRaw`, nearly a full read's.
 */
export class PlanCache {
  private rows = new Map<string, { stamp: string; row: PlanRow }>();
  constructor(private readonly rawRead?: RawRead) {}

  async read(db: DbOrTx): Promise<PlanRow[]> {
    const sql = Prisma.sql`
      SELECT c."id", c."revision", c."updatedAt", g."revision" AS "groupRevision", g."updatedAt" AS "groupUpdatedAt"
      FROM "Check" c LEFT JOIN "CheckGroup" g ON g."id" = c."groupId"
      WHERE c."activated" = true AND c."checkType" <> 'HEARTBEAT' AND (c."groupId" IS NULL OR g."activated" = true)`;
    const stamps = await readRows<StampRow>({ db, read: this.rawRead }, sql);
    const current = new Map<string, string>();
    const changed: string[] = [];
    for (const s of stamps) {
      const stamp = `${s.revision}|${time(s.updatedAt)}|${s.groupRevision}|${time(s.groupUpdatedAt)}`;
      current.set(s.id, stamp);
      if (this.rows.get(s.id)?.stamp !== stamp) changed.push(s.id);
    }
    for (const id of this.rows.keys()) if (!current.has(id)) this.rows.delete(id);
    for (let at = 0; at < changed.length; at += CHUNK) {
      const ids = changed.slice(at, at + CHUNK);
      const read = new Set<string>();
      for (const row of await readPlanRows(db, ids)) {
        this.rows.set(row.id, { stamp: current.get(row.id)!, row });
        read.add(row.id);
      }
      // Changed between the two statements so as to be planned no more: left out until it is again.
      for (const id of ids) if (!read.has(id)) this.rows.delete(id);
    }
    return [...this.rows.values()].map((entry) => entry.row);
  }

  /** Plan rows held (tests). */
  size() {
    return this.rows.size;
  }
}

/** A stored time as the raw read gives it (a Date, ISO text or epoch ms, by provider): compared as text. */
const time = (value: unknown) => (value instanceof Date ? value.getTime() : String(value));
