import { decodeGlobalID } from "@pothos/plugin-relay";
import type { StatusPageServiceRow } from "../../domain/status-page-services/index.js";
import {
  createService,
  deleteService,
  getServices,
  pageServices,
  updateService,
} from "../../domain/status-page-services/index.js";
import { builder } from "../builder.js";
import { toConnection } from "../connection.js";
import { domain } from "../context.js";
import { DeletedRef, globalId } from "./common.js";
import { brandedLoader } from "../node-loader.js";
import { writeErrors } from "./errors.js";

/** A service of the account: what status page cards show and incidents name. */
export const ServiceNode = builder.node(builder.objectRef<StatusPageServiceRow>("Service"), {
  description: "A service of the account, shown in status page cards and named by incidents.",
  id: { resolve: (service) => service.id },
  loadMany: brandedLoader("Service", (ids, ctx) => getServices({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    name: t.exposeString("name"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const ServiceInput = builder.inputType("ServiceInput", {
  fields: (t) => ({ name: t.string({ required: true }) }),
});

/** A reference to a service in a card or an incident, as REST's `{id}` (so field paths match: `services.0.id`). */
export const ServiceReferenceInput = builder.inputType("ServiceReferenceInput", {
  fields: (t) => ({ id: t.id({ required: true, description: "The global id of a Service of the account" }) }),
});

/**
 * REST's `[{id}]` from GraphQL's references: a Service global id becomes the service's own id.
 * Anything else goes to the domain as sent, which names it (`services.0.id`) in a typed
 * ValidationError; null or an omitted list stays so, for the domain to judge.
 */
export function serviceRefs(refs: readonly { id: string | number }[] | null | undefined) {
  if (refs == null) return refs;
  return refs.map(({ id }) => {
    try {
      const decoded = decodeGlobalID(String(id));
      return { id: decoded.typename === "Service" ? decoded.id : String(id) };
    } catch {
      return { id: String(id) };
    }
  });
}

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

builder.mutationFields((t) => ({
  createService: t.field({
    type: ServiceNode,
    errors: writeErrors,
    args: { input: t.arg({ type: ServiceInput, required: true }) },
    resolve: (_root, { input }, ctx) => createService({ ctx: domain(ctx), input }),
  }),
  updateService: t.field({
    type: ServiceNode,
    errors: writeErrors,
    args: {
      id: t.arg.globalID({ required: true, for: ServiceNode }),
      input: t.arg({ type: ServiceInput, required: true }),
    },
    resolve: (_root, { id, input }, ctx) => updateService({ ctx: domain(ctx), id: id.id, input }),
  }),
  deleteService: t.field({
    type: DeletedRef,
    description: "Deletes the service; cards and incidents that named it no longer do.",
    errors: writeErrors,
    args: { id: t.arg.globalID({ required: true, for: ServiceNode }) },
    resolve: async (_root, { id }, ctx) => {
      await deleteService({ ctx: domain(ctx), id: id.id });
      return { deletedId: globalId("Service", id.id) };
    },
  }),
}));
