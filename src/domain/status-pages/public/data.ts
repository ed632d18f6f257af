import type { Prisma } from "../../../generated/sqlite/client.js";
import type { SystemContext } from "../../shared/context.js";
import { findIncidentViews, type IncidentView } from "../../incidents/view.js";
import type { ThemeColors } from "../schemas.js";
import type { VisitedPageRow } from "./find.js";
import { pageMaintenance, type PageMaintenance } from "./maintenance.js";
import {
  BAR_DAYS,
  DAY_MS,
  dailyBars,
  openInterval,
  serviceState,
  uptime,
  worst,
  type Bar,
  type Severity,
  type State,
  type TimedIncident,
} from "./state.js";

/** An incident as a visitor sees it: only the services of the page it is shown on. */
export type ShownIncident = IncidentView & { open: boolean };
export type ShownService = {
  id: string;
  name: string;
  state: State;
  bars: Bar[];
  uptime: number;
  createdAt: Date;
  updatedAt: Date;
};

/** Everything a visitor's page shows, loaded in a fixed number of statements whatever its size. */
export type PageData = {
  page: Omit<VisitedPageRow, "cards" | "themeColors"> & { themeColors: ThemeColors | null };
  state: State;
  cards: { id: string; name: string; services: ShownService[] }[];
  openIncidents: ShownIncident[];
  /** Resolved within the bars' 90 days, newest first. */
  recentIncidents: ShownIncident[];
  maintenance: PageMaintenance[];
  /** The latest change of the page or of an incident it shows. */
  updatedAt: Date;
  generatedAt: Date;
};

const RECENT = 10;

/** The page's services (in card order, each once). */
export function pageServiceIds(page: VisitedPageRow): Set<string> {
  return new Set(page.cards.flatMap((card) => card.services.map((link) => link.serviceId)));
}

/** Keeps the incident's services the page shows; a visitor never reads the names of the account's others. */
export function shownOnPage(incident: IncidentView, serviceIds: ReadonlySet<string>): ShownIncident {
  return {
    ...incident,
    services: incident.services.filter((service) => serviceIds.has(service.id)),
    open: incident.lastUpdateStatus !== "RESOLVED",
  };
}

/** The page's incidents matching `where`, newest first, as the page shows them. */
export async function pageIncidents(
  ctx: SystemContext,
  page: VisitedPageRow,
  where: Prisma.IncidentWhereInput = {},
  paging: { skip?: number; take?: number } = {},
): Promise<ShownIncident[]> {
  const serviceIds = pageServiceIds(page);
  if (!serviceIds.size) return [];
  const rows = await ctx.db.incident.findMany({
    where: { AND: [{ accountId: page.accountId, services: { some: { serviceId: { in: [...serviceIds] } } } }, where] },
    select: { id: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    ...paging,
  });
  if (!rows.length) return [];
  const views = await findIncidentViews(ctx.db, { id: { in: rows.map((row) => row.id) } });
  return views.map((view) => shownOnPage(view, serviceIds));
}

export async function loadPageData({
  ctx,
  page,
  now,
}: {
  ctx: SystemContext;
  page: VisitedPageRow;
  now: Date;
}): Promise<PageData> {
  const since = new Date(now.getTime() - BAR_DAYS * DAY_MS - DAY_MS);
  const serviceIds = pageServiceIds(page);
  const [incidents, maintenance] = await Promise.all([
    serviceIds.size
      ? findIncidentViews(ctx.db, {
          accountId: page.accountId,
          services: { some: { serviceId: { in: [...serviceIds] } } },
          // Open now, or open at some time of the last 90 days.
          OR: [
            { createdAt: { gte: since } },
            { updatedAt: { gte: since } },
            { updates: { some: { publicIncidentUpdateDate: { gte: since } } } },
            { updates: { none: { status: "RESOLVED" } } },
          ],
        })
      : Promise.resolve([]),
    pageMaintenance({ ctx, statusPage: page, serviceIds, now }),
  ]);
  const shown = incidents.map((incident) => shownOnPage(incident, serviceIds));
  const timedOf = new Map<string, TimedIncident[]>();
  for (const incident of shown) {
    const timed = { severity: incident.severity as Severity, interval: openInterval(incident), open: incident.open };
    for (const service of incident.services) timedOf.set(service.id, [...(timedOf.get(service.id) ?? []), timed]);
  }
  const cards = page.cards.map((card) => ({
    id: card.id,
    name: card.name,
    services: card.services.map(({ service }) => {
      const timed = timedOf.get(service.id) ?? [];
      return {
        id: service.id,
        name: service.name,
        state: serviceState(timed),
        bars: dailyBars(timed, now),
        uptime: uptime(timed, now),
        createdAt: service.createdAt,
        updatedAt: service.updatedAt,
      };
    }),
  }));
  const { cards: _cards, themeColors, ...row } = page;
  const latest = Math.max(page.updatedAt.getTime(), ...shown.map((incident) => incident.updatedAt.getTime()));
  return {
    page: { ...row, themeColors: themeColors as ThemeColors | null },
    state: worst(cards.flatMap((card) => card.services.map((service) => service.state))),
    cards,
    openIncidents: shown.filter((incident) => incident.open),
    recentIncidents: shown.filter((incident) => !incident.open).slice(0, RECENT),
    maintenance,
    updatedAt: new Date(latest),
    generatedAt: now,
  };
}
