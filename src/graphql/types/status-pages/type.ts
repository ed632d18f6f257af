import { pageSubscriptions, subscriptionsOfStatusPages } from "../../../domain/status-page-subscriptions/index.js";
import { StatusPageSubscriptionRef } from "../status-page-subscriptions/type.js";
import type { StatusPageRow } from "../../../domain/status-pages/index.js";
import { incidentsOfStatusPages } from "../../../domain/incidents/index.js";
import type { PageArgs } from "../../../domain/shared/pagination.js";
import {
  customDomainState,
  cardsOfStatusPages,
  getStatusPages,
  keysOfStatusPages,
  pageStatusPages,
  type ThemeColors,
} from "../../../domain/status-pages/index.js";
import { builder } from "../../builder.js";
import { toConnection } from "../../connection.js";
import { domain, loader, type GraphQLContext } from "../../context.js";
import { shownColumns } from "../incidents/columns.js";
import { IncidentConnection, IncidentRef } from "../incidents/type.js";
import { StatusPageCardRef, StatusPageKeyRef } from "./cards.js";
import { publicScopeOf, readsAsOwner, scopedLoader } from "./scope.js";
import { StatusPageThemeEnum, ThemeColorsRef, type StatusPageTheme } from "./theme.js";
import { brandedLoader } from "../../node-loader.js";
import { DATABASE_ID_UUID } from "../../node-ids.js";

/** The incidents a page shows, one page of them: batched over every page of the request with the same arguments. */
function incidentsOf(page: StatusPageRow, args: PageArgs, ctx: GraphQLContext) {
  const shownOnStatusPageId = publicScopeOf(page)?.statusPageId;
  // A public page's reads are shared by its visitors (scope.ts): those read whole rows.
  const columns = shownOnStatusPageId ? undefined : shownColumns(ctx);
  const key = JSON.stringify([page.id, args.first ?? null, args.after ?? null, args.last ?? null, args.before ?? null]);
  return scopedLoader(
    ctx,
    page,
    "StatusPage.incidents",
    (domainCtx, keys: readonly string[]) =>
      incidentsOfStatusPages(
        domainCtx,
        keys.map((k) => {
          const [statusPageId, first, after, last, before] = JSON.parse(k) as [
            string,
            number | null,
            string | null,
            number | null,
            string | null,
          ];
          return { statusPageId, args: { first, after, last, before } };
        }),
        { shownOnStatusPageId, columns },
      ),
    (incidents) => incidents.nodes,
  ).load(key);
}

export const StatusPageRef = builder.objectRef<StatusPageRow>("StatusPage");

/** docs/decisions.md: an owner's field of a type a visitor reads is nullable, so a visitor still gets the page. */
const OWNER =
  "An owner's field: needs an API key of the page's account; a visitor without a key gets null and an UNAUTHENTICATED error on this field alone.";

export const StatusPageNode = builder.node(StatusPageRef, {
  description: "A status page: cards of services, and the incidents that name them.",
  id: { resolve: (page) => page.id },
  loadMany: brandedLoader("StatusPage", (ids, ctx) => getStatusPages({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    databaseId: t.exposeString("id", { description: DATABASE_ID_UUID }),
    name: t.exposeString("name"),
    url: t.exposeString("url", { description: "The page's slug, unique across all accounts." }),
    description: t.exposeString("description", { nullable: true }),
    customDomain: t.exposeString("customDomain", { nullable: true }),
    customDomainVerified: t.boolean({
      nullable: true,
      description: `Whether _vigil.<customDomain> holds customDomainToken: the page answers on its domain only then. ${OWNER}`,
      resolve: (page, _args, ctx) => (readsAsOwner(ctx, page) ? customDomainState(page).customDomainVerified : null),
    }),
    customDomainToken: t.string({
      nullable: true,
      description: `Publish it as the TXT record _vigil.<customDomain>; null without a customDomain. ${OWNER}`,
      resolve: (page, _args, ctx) => (readsAsOwner(ctx, page) ? customDomainState(page).customDomainToken : null),
    }),
    logo: t.exposeString("logo", { nullable: true }),
    logoDark: t.exposeString("logoDark", { nullable: true }),
    redirectTo: t.exposeString("redirectTo", { nullable: true }),
    favicon: t.exposeString("favicon", { nullable: true }),
    defaultTheme: t.field({ type: StatusPageThemeEnum, resolve: (page) => page.defaultTheme as StatusPageTheme }),
    version: t.float({ nullable: true, resolve: (page) => (page.version === null ? null : Number(page.version)) }),
    isPrivate: t.exposeBoolean("isPrivate"),
    webhookSecret: t.string({
      nullable: true,
      description: "Write-only: signs the deliveries to the page's webhook subscribers. Always null here.",
      resolve: () => null,
    }),
    themeColors: t.field({
      type: ThemeColorsRef,
      nullable: true,
      resolve: (page) => page.themeColors as ThemeColors | null,
    }),
    cards: t.field({
      type: [StatusPageCardRef],
      description: "In the page's order, each with its services.",
      resolve: (page, _args, ctx) =>
        scopedLoader(ctx, page, "StatusPage.cards", cardsOfStatusPages, (cards) => cards).load(page.id),
    }),
    incidents: t.connection(
      {
        type: IncidentRef,
        description: "The incidents the page shows (those naming one of its cards' services), newest first.",
        resolve: async (page, args, ctx) => toConnection(await incidentsOf(page, args, ctx)),
      },
      IncidentConnection,
    ),
    keys: t.field({
      type: [StatusPageKeyRef],
      nullable: true,
      description: `Keys that open the page when private, masked. ${OWNER}`,
      resolve: (page, _args, ctx) => {
        const domainCtx = domain(ctx);
        return loader(ctx, "StatusPage.keys", (ids: readonly string[]) => keysOfStatusPages(domainCtx, ids)).load(
          page.id,
        );
      },
    }),
    subscriptions: t.field({
      type: [StatusPageSubscriptionRef],
      nullable: true,
      description: `The page's subscribers, oldest first. ${OWNER}`,
      resolve: (page, _args, ctx) => {
        const domainCtx = domain(ctx);
        return loader(ctx, "StatusPage.subscriptions", (ids: readonly string[]) =>
          subscriptionsOfStatusPages(domainCtx, ids),
        ).load(page.id);
      },
    }),
    subscriptionConnection: t.connection(
      {
        type: StatusPageSubscriptionRef,
        nullable: true,
        description: `The page's subscribers, newest first, a page at a time. ${OWNER}`,
        resolve: async (page, args, ctx) =>
          readsAsOwner(ctx, page)
            ? toConnection(await pageSubscriptions({ ctx: domain(ctx), statusPageId: page.id, args }))
            : null,
      },
      { name: "StatusPageSubscriptionConnection" },
      { name: "StatusPageSubscriptionEdge" },
    ),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

builder.queryFields((t) => ({
  statusPages: t.connection(
    {
      type: StatusPageNode,
      description: "The account's status pages, newest first (the cursors are REST's nextId).",
      resolve: async (_root, args, ctx) => toConnection(await pageStatusPages({ ctx: domain(ctx), args })),
    },
    { name: "StatusPageConnection" },
    { name: "StatusPageEdge" },
  ),
}));
