import {
  createAgentKey,
  createPrivateLocation,
  deleteAgentKey,
  deletePrivateLocation,
  getAgentKeys,
  getPrivateLocations,
  pagePrivateLocations,
  updatePrivateLocation,
  type AgentKeyView,
  type PrivateLocationView,
} from "../../domain/private-locations/index.js";
import { builder } from "../builder.js";
import { toConnection } from "../connection.js";
import { domain } from "../context.js";
import { DeletedRef, globalId } from "./common.js";
import { brandedLoader } from "../node-loader.js";
import { writeErrors } from "./errors.js";
import { AgentErrorReportRef, errorReportsOf } from "./private-location-reports.js";

export const AgentKeyNode = builder.node(builder.objectRef<AgentKeyView>("AgentKey"), {
  description:
    "A key an agent of a private location authenticates with. Only its masked form is ever shown after creation.",
  // As for every node type here: Pothos may hand Node a cached node before it brands it.
  isTypeOf: (value) =>
    typeof value === "object" && value !== null && "maskedKey" in value && "privateLocationId" in value,
  id: { resolve: (key) => key.id },
  loadMany: brandedLoader("AgentKey", (ids, ctx) => getAgentKeys({ ctx: domain(ctx), ids })),
  fields: (t) => ({
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
      description: "Agents of this location seen in the last 2 minutes (a claim or a lease renewal).",
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
const NewAgentKeyRef = builder.objectRef<AgentKeyView & { rawKey: string }>("NewAgentKey").implement({
  fields: (t) => ({
    agentKey: t.field({ type: AgentKeyNode, resolve: (key) => key }),
    rawKey: t.exposeString("rawKey", { description: "The key (pl_...): shown once, store it now." }),
  }),
});

const NewPrivateLocationRef = builder
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

const CreateInput = builder.inputType("PrivateLocationInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    slugName: t.string({
      required: true,
      description: "1 to 30 letters, digits or '-', not shaped like a data-center location.",
    }),
    icon: t.string(),
    proxyUrl: t.string({ description: "An http(s) proxy for the agent's outgoing calls." }),
  }),
});

const UpdateInput = builder.inputType("PrivateLocationUpdateInput", {
  description:
    "name is replaced; an omitted icon or proxyUrl keeps its value, null clears proxyUrl. The slug cannot change.",
  fields: (t) => ({ name: t.string({ required: true }), icon: t.string(), proxyUrl: t.string() }),
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

builder.mutationFields((t) => {
  const locationId = () => t.arg.globalID({ required: true, for: PrivateLocationNode });
  return {
    createPrivateLocation: t.field({
      type: NewPrivateLocationRef,
      errors: writeErrors,
      args: { input: t.arg({ type: CreateInput, required: true }) },
      resolve: (_root, { input }, ctx) => createPrivateLocation({ ctx: domain(ctx), input }),
    }),
    updatePrivateLocation: t.field({
      type: PrivateLocationNode,
      errors: writeErrors,
      args: { id: locationId(), input: t.arg({ type: UpdateInput, required: true }) },
      resolve: (_root, { id, input }, ctx) => updatePrivateLocation({ ctx: domain(ctx), id: id.id, input }),
    }),
    deletePrivateLocation: t.field({
      type: DeletedRef,
      description: "A location that checks or groups still name is a ConflictError.",
      errors: writeErrors,
      args: { id: locationId() },
      resolve: async (_root, { id }, ctx) => {
        await deletePrivateLocation({ ctx: domain(ctx), id: id.id });
        return { deletedId: globalId("PrivateLocation", id.id) };
      },
    }),
    createAgentKey: t.field({
      type: NewAgentKeyRef,
      errors: writeErrors,
      args: { privateLocationId: locationId() },
      resolve: (_root, { privateLocationId }, ctx) => createAgentKey({ ctx: domain(ctx), id: privateLocationId.id }),
    }),
    deleteAgentKey: t.field({
      type: DeletedRef,
      description: "Revokes the key: its agents can no longer call the service.",
      errors: writeErrors,
      args: { privateLocationId: locationId(), id: t.arg.globalID({ required: true, for: AgentKeyNode }) },
      resolve: async (_root, { privateLocationId, id }, ctx) => {
        await deleteAgentKey({ ctx: domain(ctx), id: privateLocationId.id, keyId: id.id });
        return { deletedId: globalId("AgentKey", id.id) };
      },
    }),
  };
});
