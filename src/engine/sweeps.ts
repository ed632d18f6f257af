import { systemContext } from "../app-context.js";
import { deleteAssetsOfResults, sweepOrphanedAssets } from "../domain/assets/index.js";
import { sqlitePath } from "../db/provider.js";
import { tickDueCheckStatuses } from "../domain/check-statuses/tick.js";
import { disconnectQuietAgents } from "../domain/agents/index.js";
import { promotePendingRuns, timeOutSessions } from "../domain/check-sessions/index.js";
import { recordMissedHeartbeats } from "../domain/heartbeats/index.js";
import { sweepIdempotencyKeys } from "../domain/idempotency/index.js";
import { notifyMaintenanceTransitions } from "../domain/maintenance-windows/notices.js";
import { topUpOccurrences } from "../domain/maintenance-windows/occurrence-rows.js";
import { sweepRetention } from "../domain/retention/index.js";
import { dropUnclaimedRuns } from "../domain/runs/index.js";
import { verifyDueDomains } from "../domain/status-pages/custom-domain.js";
import { txtLookup } from "../net/dns-txt.js";
import type { Sweep } from "./engine.js";

/**
 * The engine's periodic duties besides running checks. Each is safe when several instances run
 * it at once (each writes with a compare-and-set or a unique key), so every instance runs all of them.
 */
/**
 * The time before the engine's next write that a retention statement asks for: twice the longest
 * of the last few of its kind, and a margin (10 ms for the first, whose budget is 4 ms).
 */
const quietFor = (needMs: number) => 2 * needMs + 2;

export const engineSweeps: Sweep[] = [
  // A heartbeat silent for its period plus grace gets one FAILING event.
  {
    name: "missed heartbeats",
    everyMs: 2_000,
    run: (app, now) => recordMissedHeartbeats({ ctx: systemContext(app), now }),
  },
  // Session runs of grouped checks waiting for a free slot of the group's concurrency.
  {
    name: "pending session runs",
    everyMs: 1_000,
    run: (app, now) => promotePendingRuns({ ctx: systemContext(app), now }),
  },
  // Private-location runs no agent claimed within 6 minutes are dropped, with a hasErrors result.
  {
    name: "unclaimed private runs",
    everyMs: 5_000,
    run: (app, now) => dropUnclaimedRuns({ ctx: systemContext(app), now }),
  },
  // Agents silent for 2 minutes leave "connected", with an event for their locations' screens.
  {
    name: "silent agents",
    everyMs: 5_000,
    run: (app, now) => disconnectQuietAgents({ ctx: systemContext(app), now }),
  },
  // Reminders, time-based thresholds and flapping checks settling: alert decisions that are due.
  { name: "alert ticks", everyMs: 5_000, run: (app, now) => tickDueCheckStatuses({ ctx: systemContext(app), now }) },
  // Sessions that can no longer finish end TIMED_OUT.
  { name: "session time-outs", everyMs: 30_000, run: (app, now) => timeOutSessions({ ctx: systemContext(app), now }) },
  // Idempotency keys past their 24 hours (claims also sweep their own account's).
  {
    name: "expired idempotency keys",
    everyMs: 10 * 60_000,
    run: (app, now) => sweepIdempotencyKeys({ ctx: systemContext(app), now }),
  },
  // Custom domains' TXT records: every 10 minutes until verified, hourly after.
  {
    name: "custom domains",
    everyMs: 60_000,
    run: (app, now) => verifyDueDomains({ ctx: systemContext(app), lookup: txtLookup(app.config.dnsServers), now }),
  },
  // Maintenance occurrences starting or ending: notifyOnStart / notifyOnEnd subscribers, once each.
  {
    name: "maintenance notices",
    everyMs: 10_000,
    run: (app, now) => notifyMaintenanceTransitions({ ctx: systemContext(app), now }),
  },
  // Maintenance windows' occurrence rows kept 90 days ahead (windows older than the rows included).
  {
    name: "maintenance occurrences",
    everyMs: 5 * 60_000,
    run: (app, now) => topUpOccurrences({ db: systemContext(app).db, now }),
  },
  // Raw results and their kin older than RESULT_RETENTION_DAYS, rollups older than 400 days: in
  // statements sized to a few milliseconds with a pause 19 times as long (SQLite), so result writes
  // never wait long. The results' assets (files and rows) go first, batch by batch.
  {
    name: "retention",
    everyMs: 60_000,
    run: (app, now, engine) =>
      sweepRetention({
        ctx: systemContext(app),
        now,
        options: {
          days: app.config.resultRetentionDays,
          beforeDeleteResults: (resultIds) =>
            deleteAssetsOfResults({ ctx: systemContext(app), store: app.assets.store, resultIds }),
          ...(app.database.provider === "sqlite" ? { sqliteFile: sqlitePath(app.config.databaseUrl) } : {}),
          onStatement: (table, rows, ms, _checkpointMs, quietly) =>
            app.metrics.retentionDeleted(table, rows, ms, quietly),
          // Each statement between two of this engine's writes (a claim, a result batch).
          ...(engine
            ? { quiet: (maxWaitMs: number, needMs: number) => engine.quiet(quietFor(needMs), maxWaitMs) }
            : {}),
        },
      }),
  },
  // Files of deleted checks (their results went by cascade; asset rows have no foreign key).
  {
    name: "orphaned assets",
    everyMs: 5 * 60_000,
    run: (app) => sweepOrphanedAssets({ ctx: systemContext(app), store: app.assets.store }),
  },
];
