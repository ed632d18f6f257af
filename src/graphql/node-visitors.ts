// Relay for visitors without a key: node(id:) and nodes(ids:) resolve a public
// status page, the incidents it shows, their updates and the services on its cards, so a Relay
// app can refetch and paginate a public page. Each object is marked with the page it is reached
// through (types/status-pages/scope.ts), so its fields answer for that page and its account only.
import {
  getPublicIncidents,
  getPublicIncidentUpdates,
  getPublicServices,
  getPublicStatusPages,
} from "../domain/status-pages/public/index.js";
import { loader, type GraphQLContext } from "./context.js";
import { visitorLoader } from "./node-loader.js";
import { withParent } from "./types/incidents/type.js";
import { markPublic } from "./types/status-pages/scope.js";

const db = (ctx: GraphQLContext) => ctx.app.database.prisma;

/** The request's loader of public incidents: an incident asked for as a node and as an update's parent loads once. */
const publicIncidents = (ctx: GraphQLContext) =>
  loader(ctx, "visitor:Incident", (ids: readonly string[]) => getPublicIncidents({ db: db(ctx), ids }));

visitorLoader("StatusPage", async (ids, ctx) =>
  (await getPublicStatusPages({ db: db(ctx), ids })).map(
    (page) => page && markPublic(page, { accountId: page.accountId, statusPageId: page.id }),
  ),
);

visitorLoader("Incident", async (ids, ctx) =>
  (await publicIncidents(ctx).loadMany(ids)).map((found) => {
    if (found instanceof Error) throw found;
    return (
      found && markPublic(found.incident, { accountId: found.incident.accountId, statusPageId: found.statusPageId })
    );
  }),
);

visitorLoader("IncidentUpdate", async (ids, ctx) =>
  (
    await getPublicIncidentUpdates({
      db: db(ctx),
      ids,
      incidents: (incidentIds) => publicIncidents(ctx).loadMany(incidentIds),
    })
  ).map((found) => {
    if (!found) return null;
    const incident = markPublic(found.incident, {
      accountId: found.incident.accountId,
      statusPageId: found.statusPageId,
    });
    // Its `incident` field answers with the visitor's view, which needs no key to load.
    return withParent({ nodes: [found.update], cursors: [""], hasNextPage: false, hasPreviousPage: false }, incident)
      .nodes[0]!;
  }),
);

visitorLoader("Service", async (ids, ctx) => getPublicServices({ db: db(ctx), ids }));
