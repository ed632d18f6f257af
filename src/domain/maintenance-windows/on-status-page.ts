import type { SystemContext } from "../shared/context.js";
import { currentOrNextOccurrence } from "./active.js";
import type { MaintenanceWindowRow } from "./rows.js";
import { readVisibility, type StatusPageVisibility } from "./visibility.js";

/** How far ahead a status page shows maintenance: an occurrence starting within 7 days is "upcoming". */
export const UPCOMING_HORIZON_MS = 7 * 86_400_000;

/** An update of the occurrence shown, newest first. */
export type PageMaintenanceUpdate = {
  id: string;
  status: string;
  description: string;
  createdAt: Date;
  updatedAt: Date;
};

export type WindowOnPage = {
  id: number;
  /** The occurrence's row (null only before its row is made: a window older than the rows, until its top-up). */
  maintenanceId: string | null;
  updates: PageMaintenanceUpdate[];
  name: string;
  description: string | null;
  startsAt: Date;
  endsAt: Date;
  state: "upcoming" | "ongoing";
  severity: StatusPageVisibility["severity"];
  serviceIds: string[] | "all";
};

/** The enabled visibility of a window that links it to the page, else null. */
export function visibilityOn(window: Pick<MaintenanceWindowRow, "statusPageVisibility">, statusPageId: string) {
  const visibility = readVisibility(window.statusPageVisibility);
  return visibility?.enabled && visibility.statusPageIds.includes(statusPageId) ? visibility : null;
}

/**
 * What a status page shows of maintenance at `now`: for each enabled window linked to the page
 * (statusPageVisibility.statusPageIds), its running occurrence ("ongoing") or its next one if it
 * starts within UPCOMING_HORIZON_MS ("upcoming"); windows that are over, or whose next occurrence is
 * further away, are left out. Soonest first. `serviceIds` is "all" with affectAllServices, else the
 * window's services that this page shows. Recurrence in the window's time zone (active.ts), as the engine pauses checks.
 */
export async function listPageMaintenance({
  ctx,
  statusPageId,
  now,
}: {
  ctx: SystemContext;
  statusPageId: string;
  now: Date;
}): Promise<WindowOnPage[]> {
  const page = await ctx.db.statusPage.findUnique({
    where: { id: statusPageId },
    select: { accountId: true, cards: { select: { services: { select: { serviceId: true } } } } },
  });
  if (!page) return [];
  const serviceIds = new Set(page.cards.flatMap((card) => card.services.map((link) => link.serviceId)));
  return maintenanceOnPage({ ctx, page: { id: statusPageId, accountId: page.accountId, serviceIds }, now });
}

/** listPageMaintenance for a page already read (the visitor's page has its account and services): one statement. */
export async function maintenanceOnPage({
  ctx,
  page,
  now,
}: {
  ctx: SystemContext;
  page: { id: string; accountId: string; serviceIds: ReadonlySet<string> };
  now: Date;
}): Promise<WindowOnPage[]> {
  // A per-account table of a few rows; the JSON link is read here, the same on SQLite and PostgreSQL.
  const windows = await ctx.db.maintenanceWindow.findMany({
    where: { accountId: page.accountId, startsAt: { lte: new Date(now.getTime() + UPCOMING_HORIZON_MS) } },
  });
  const shown: WindowOnPage[] = [];
  for (const window of windows) {
    const visibility = visibilityOn(window, page.id);
    if (!visibility) continue;
    const occurrence = currentOrNextOccurrence(window, now);
    if (!occurrence || occurrence.start.getTime() - now.getTime() > UPCOMING_HORIZON_MS) continue;
    shown.push({
      id: window.id,
      maintenanceId: null,
      updates: [],
      name: window.name,
      description: window.description,
      startsAt: occurrence.start,
      endsAt: occurrence.end,
      state: occurrence.start.getTime() <= now.getTime() ? "ongoing" : "upcoming",
      severity: visibility.severity,
      // A window linked to several pages names services of each: this page shows its own.
      serviceIds: visibility.affectAllServices ? "all" : visibility.serviceIds.filter((id) => page.serviceIds.has(id)),
    });
  }
  await attachOccurrences(ctx, shown);
  return shown.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);
}

/** The shown occurrences' rows and updates: read only when the page shows maintenance. */
async function attachOccurrences(ctx: SystemContext, shown: WindowOnPage[]) {
  if (!shown.length) return;
  const rows = await ctx.db.maintenance.findMany({
    where: { OR: shown.map((m) => ({ windowId: m.id, startsAt: m.startsAt })), cancelled: false },
    select: {
      id: true,
      windowId: true,
      startsAt: true,
      updates: {
        select: { id: true, status: true, description: true, createdAt: true, updatedAt: true },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      },
    },
  });
  const byKey = new Map(rows.map((row) => [`${row.windowId} ${row.startsAt.getTime()}`, row]));
  for (const m of shown) {
    const row = byKey.get(`${m.id} ${m.startsAt.getTime()}`);
    if (row) Object.assign(m, { maintenanceId: row.id, updates: row.updates });
  }
}
