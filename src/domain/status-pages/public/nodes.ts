import type { DbOrTx } from "../../../db/client.js";
import { Prisma } from "../../../generated/sqlite/client.js";
import { isUuid } from "../../shared/ids.js";
import type { IncidentUpdateRow } from "../../incidents/rows.js";
import { findIncidentViews, type IncidentView } from "../../incidents/view.js";

/**
 * What a visitor without a key may reach by id (GraphQL node/nodes): a status page that is not
 * private, the incidents such a page shows with their updates, and the services on its cards.
 * Nothing else, of any account: an id of anything else is null, exactly like an id of nothing.
 * Each function answers in the ids' order, in a fixed number of statements for any number of ids.
 */

type Db = DbOrTx;

const uuids = (ids: readonly unknown[]) => ids.map((id) => (isUuid(id) ? id.toLowerCase() : null));

function inOrder<T extends { id: string }>(ids: readonly unknown[], rows: readonly T[]): (T | null)[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return uuids(ids).map((id) => (id === null ? null : (byId.get(id) ?? null)));
}

const valid = (ids: readonly unknown[]) => [...new Set(uuids(ids).filter((id): id is string => id !== null))];

/** A card of a page that is not private (a card's services are its page's account's, by construction). */
const onPublicCard = { card: { statusPage: { isPrivate: false } } };
const onPublicService = { service: { cards: { some: onPublicCard } } };

export async function getPublicStatusPages({ db, ids }: { db: Db; ids: readonly unknown[] }) {
  const wanted = valid(ids);
  const rows = wanted.length ? await db.statusPage.findMany({ where: { id: { in: wanted }, isPrivate: false } }) : [];
  return inOrder(ids, rows);
}

export async function getPublicServices({ db, ids }: { db: Db; ids: readonly unknown[] }) {
  const wanted = valid(ids);
  const rows = wanted.length
    ? await db.statusPageService.findMany({ where: { id: { in: wanted }, cards: { some: onPublicCard } } })
    : [];
  return inOrder(ids, rows);
}

/** The public pages each service is on, of the service's own account (sorted ids): one statement. */
async function publicPagesOfServices(db: Db, serviceIds: readonly string[]): Promise<Map<string, string[]>> {
  const unique = [...new Set(serviceIds)];
  const rows = unique.length
    ? await db.$queryRaw<{ serviceId: string; statusPageId: string }[]>`
        SELECT DISTINCT cs."serviceId", c."statusPageId"
        FROM "StatusPageCardService" cs
        JOIN "StatusPageCard" c ON c."id" = cs."cardId"
        JOIN "StatusPage" p ON p."id" = c."statusPageId"
        JOIN "StatusPageService" s ON s."id" = cs."serviceId"
        WHERE cs."serviceId" IN (${Prisma.join(unique)}) AND p."isPrivate" = false AND p."accountId" = s."accountId"`
    : [];
  const pages = new Map<string, string[]>();
  for (const row of rows) pages.set(row.serviceId, [...(pages.get(row.serviceId) ?? []), row.statusPageId].sort());
  return pages;
}

/** An incident as a visitor sees it, and the public page it is reached through (the first that shows it). */
export type PublicIncident = { incident: IncidentView; statusPageId: string };

/**
 * Incidents that a public page shows, each with only the services public pages show (never the
 * names of the account's other services), as those pages show them.
 */
export async function getPublicIncidents({
  db,
  ids,
}: {
  db: Db;
  ids: readonly unknown[];
}): Promise<(PublicIncident | null)[]> {
  const wanted = valid(ids);
  if (!wanted.length) return ids.map(() => null);
  const views = await findIncidentViews(db, {
    id: { in: wanted },
    services: { some: onPublicService },
  });
  const pagesOf = await publicPagesOfServices(
    db,
    views.flatMap((view) => view.services.map((service) => service.id)),
  );
  const shown = views.flatMap((view) => {
    const services = view.services.filter((service) => pagesOf.has(service.id));
    const statusPageId = services.flatMap((service) => pagesOf.get(service.id)!).sort()[0];
    return statusPageId ? [{ id: view.id, incident: { ...view, services }, statusPageId }] : [];
  });
  return inOrder(ids, shown).map((found) => found && { incident: found.incident, statusPageId: found.statusPageId });
}

export type PublicIncidentUpdate = { update: IncidentUpdateRow } & PublicIncident;

/**
 * Updates of incidents a public page shows, each with its incident as the visitor sees it.
 * `incidents` loads those incidents: getPublicIncidents, or a request's loader of it, so that an
 * incident asked for as a node and as an update's parent is loaded once.
 */
export async function getPublicIncidentUpdates({
  db,
  ids,
  incidents = (incidentIds) => getPublicIncidents({ db, ids: incidentIds }),
}: {
  db: Db;
  ids: readonly unknown[];
  incidents?: (incidentIds: string[]) => Promise<readonly (PublicIncident | null | Error)[]>;
}): Promise<(PublicIncidentUpdate | null)[]> {
  const wanted = valid(ids);
  const updates = wanted.length ? await db.incidentUpdate.findMany({ where: { id: { in: wanted } } }) : [];
  const incidentIds = [...new Set(updates.map((update) => update.incidentId))];
  const found = new Map<string, PublicIncident>();
  (await incidents(incidentIds)).forEach((incident, i) => {
    if (incident instanceof Error) throw incident;
    if (incident) found.set(incidentIds[i]!, incident);
  });
  const shown = updates.flatMap((update) => {
    const parent = found.get(update.incidentId);
    return parent ? [{ id: update.id, update, ...parent }] : [];
  });
  return inOrder(ids, shown).map(
    (one) => one && { update: one.update, incident: one.incident, statusPageId: one.statusPageId },
  );
}

/** The kinds of object a visitor may reach by id. */
export type PublicNodeKind = "StatusPage" | "Incident" | "IncidentUpdate" | "Service";

/**
 * Which of `ids` name a visible object of `kind`, as a set, in one light statement (ids only):
 * to tell, for a REST id, which kind of object it names before loading it.
 */
export async function publicIdsOf({
  db,
  kind,
  ids,
}: {
  db: Db;
  kind: PublicNodeKind;
  ids: readonly unknown[];
}): Promise<Set<string>> {
  const wanted = valid(ids);
  if (!wanted.length) return new Set();
  const id = { in: wanted };
  const select = { id: true } as const;
  const rows =
    kind === "StatusPage"
      ? await db.statusPage.findMany({ where: { id, isPrivate: false }, select })
      : kind === "Incident"
        ? await db.incident.findMany({ where: { id, services: { some: onPublicService } }, select })
        : kind === "IncidentUpdate"
          ? await db.incidentUpdate.findMany({
              where: { id, incident: { services: { some: onPublicService } } },
              select,
            })
          : await db.statusPageService.findMany({ where: { id, cards: { some: onPublicCard } }, select });
  return new Set(rows.map((row) => row.id));
}
