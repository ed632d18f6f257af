import type { ServiceColumn, StatusPageServiceRow } from "../../../domain/status-page-services/index.js";
import { getServices, pageServices } from "../../../domain/status-page-services/index.js";
import { builder } from "../../builder.js";
import { toConnection } from "../../connection.js";
import { domain } from "../../context.js";
import { brandedLoader } from "../../node-loader.js";
import { DATABASE_ID_UUID } from "../../node-ids.js";

/**
 * The columns each field of Service reads besides the id: the status-page tree reads only those
 * its answer's fields need (selection.ts). A field not listed here reads whole rows.
 */
export const SERVICE_FIELD_COLUMNS: Record<string, readonly ServiceColumn[]> = {
  id: [],
  databaseId: [],
  name: ["name"],
  createdAt: ["createdAt"],
  updatedAt: ["updatedAt"],
};

/** A service of the account: what status page cards show and incidents name. */
export const ServiceNode = builder.node(builder.objectRef<StatusPageServiceRow>("Service"), {
  description: "A service of the account, shown in status page cards and named by incidents.",
  id: { resolve: (service) => service.id },
  loadMany: brandedLoader("Service", (ids, ctx) => getServices({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    databaseId: t.exposeString("id", { description: DATABASE_ID_UUID }),
    name: t.exposeString("name"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

builder.queryFields((t) => ({
  services: t.connection(
    {
      type: ServiceNode,
      description: "The account's services, newest first.",
      resolve: async (_root, args, ctx) => toConnection(await pageServices({ ctx: domain(ctx), args })),
    },
    { name: "ServiceConnection" },
    { name: "ServiceEdge" },
  ),
}));
