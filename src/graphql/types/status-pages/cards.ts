import type { StatusPageCardRow, StatusPageKeyRow } from "../../../domain/status-pages/index.js";
import { servicesOfCards } from "../../../domain/status-page-services/index.js";
import { builder } from "../../builder.js";
import { columnsOf } from "../../selection.js";
import { publicScopeOf, scopedLoader } from "./scope.js";
import { SERVICE_FIELD_COLUMNS, ServiceNode } from "../status-page-services/type.js";

/** A card of a status page: a named group of services. Reached through its page, so its id is the plain id. */
export const StatusPageCardRef = builder.objectRef<StatusPageCardRow>("StatusPageCard").implement({
  description: "A named group of services on a status page, in the page's order.",
  fields: (t) => ({
    id: t.exposeID("id", {
      description: "The card's own id (not a global id): send it back in StatusPageCardInput.id to keep the card.",
    }),
    name: t.exposeString("name"),
    services: t.field({
      type: [ServiceNode],
      description: "In the card's order.",
      resolve: (card, _args, ctx) => {
        // A public page's reads are shared by its visitors (scope.ts): those read whole rows.
        const columns = publicScopeOf(card) ? null : columnsOf(ctx, "Service", SERVICE_FIELD_COLUMNS);
        return scopedLoader(
          ctx,
          card,
          "StatusPageCard.services",
          (domainCtx, ids: readonly string[]) => servicesOfCards(domainCtx, ids, columns),
          (services) => services,
        ).load(card.id);
      },
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

/** A key that opens a private page: only its masked form is ever shown. */
export const StatusPageKeyRef = builder.objectRef<Omit<StatusPageKeyRow, "keyHash">>("StatusPageKey").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    maskedKey: t.exposeString("maskedKey"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});
