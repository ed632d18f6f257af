import {
  getAgentKeys,
  getPrivateLocations,
  pagePrivateLocations,
  type AgentKeyView,
  type PrivateLocationView,
} from "../../../domain/private-locations/index.js";
import { builder } from "../../builder.js";
import { toConnection } from "../../connection.js";
import { domain } from "../../context.js";
import { brandedLoader } from "../../node-loader.js";
import { AgentErrorReportRef, errorReportsOf } from "./reports.js";
import { DATABASE_ID_UUID } from "../../node-ids.js";

export const AgentKeyNode = builder.node(builder.objectRef<AgentKeyView>("AgentKey"), {
  description:
    "A key an agent of a private location authenticates with. Only its masked form is ever shown after creation.",
  // As for every node type here: Pothos may hand Node a cached node before it brands it.
  isTypeOf: (value) =>
    typeof value === "object" && value !== null && "maskedKey" in value && "privateLocationId" in value,
  id: { resolve: (key) => key.id },
  loadMany: brandedLoader("AgentKey", (ids, ctx) => getAgentKeys({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    databaseId: t.exposeString("id", { description: DATABASE_ID_UUID }),
    maskedKey: t.exposeString("maskedKey"),
    lastUsedAt: t.expose("lastUsedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

export const PrivateLocationNode = builder.node(builder.objectRef<PrivateLocationView>("PrivateLocation"), {
  description: "A location inside a customer network, where agents run the checks that name it.",
  isTypeOf: (value) => typeof value === "object" && value !== null && "slugName" in value && "queueSize" in value,
  id: { resolve: (location) => location.id },
  loadMany: brandedLoader("PrivateLocation", (ids, ctx) => getPrivateLocations({ ctx: domain(ctx), ids })),
  fields: (t) => ({
    databaseId: t.exposeString("id", { description: DATABASE_ID_UUID }),
    name: t.exposeString("name"),
    slugName: t.exposeString("slugName", {
      description: "How checks and groups name it in privateLocations; it never changes.",
    }),
    icon: t.string({ resolve: (location) => location.icon ?? "location" }),
    proxyUrl: t.exposeString("proxyUrl", { nullable: true }),
    keys: t.field({ type: [AgentKeyNode], description: "Oldest first.", resolve: (location) => location.keys }),
    lastSeen: t.expose("lastSeenAt", {
      type: "DateTime",
      nullable: true,
      description: "When an agent of this location last called the service.",
    }),
    queueSize: t.exposeInt("queueSize", { description: "Runs queued for this location's agents." }),
    agentCount: t.exposeInt("agentCount", {
      description:
        "Agents of this location seen in the last 2 minutes (a claim or a lease renewal) that did not leave since (their claim's connection closed).",
    }),
    errorReports: t.connection(
      {
        type: AgentErrorReportRef,
        description: "Error reports of this location's agents, newest first (the newest 500 are kept).",
        resolve: async (location, args, ctx) => toConnection(await errorReportsOf(ctx, args, location.id)),
      },
      { name: "AgentErrorReportConnection" },
      { name: "AgentErrorReportEdge" },
    ),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

/** A new agent key: the key itself is in this answer only. */
export const NewAgentKeyRef = builder.objectRef<AgentKeyView & { rawKey: string }>("NewAgentKey").implement({
  fields: (t) => ({
    agentKey: t.field({ type: AgentKeyNode, resolve: (key) => key }),
    rawKey: t.exposeString("rawKey", { description: "The key (pl_...): shown once, store it now." }),
  }),
});

export const NewPrivateLocationRef = builder
  .objectRef<PrivateLocationView & { keys: (AgentKeyView & { rawKey: string })[] }>("NewPrivateLocation")
  .implement({
    fields: (t) => ({
      privateLocation: t.field({ type: PrivateLocationNode, resolve: (location) => location }),
      firstKey: t.field({
        type: NewAgentKeyRef,
        description: "The key created with the location, so an agent can connect at once.",
        resolve: (location) => location.keys[0]!,
      }),
    }),
  });

builder.queryFields((t) => ({
  privateLocations: t.connection(
    {
      type: PrivateLocationNode,
      description: "The account's private locations, newest first.",
      resolve: async (_root, args, ctx) => toConnection(await pagePrivateLocations({ ctx: domain(ctx), args })),
    },
    { name: "PrivateLocationConnection" },
    { name: "PrivateLocationEdge" },
  ),
}));
