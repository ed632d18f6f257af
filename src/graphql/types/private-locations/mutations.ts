import {
  createAgentKey,
  createPrivateLocation,
  deleteAgentKey,
  deletePrivateLocation,
  updatePrivateLocation,
} from "../../../domain/private-locations/index.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { globalId, idDescription, nodeId } from "../../node-ids.js";
import { DeletedRef } from "../shared/deleted.js";
import { writeErrors } from "../shared/errors.js";
import { PrivateLocationInput, PrivateLocationUpdateInput } from "./inputs.js";
import { NewAgentKeyRef, NewPrivateLocationRef, PrivateLocationNode } from "./type.js";

builder.mutationFields((t) => {
  const locationId = () => t.arg.id({ required: true, description: idDescription("PrivateLocation") });
  return {
    createPrivateLocation: t.field({
      type: NewPrivateLocationRef,
      errors: writeErrors,
      args: { input: t.arg({ type: PrivateLocationInput, required: true }) },
      resolve: (_root, { input }, ctx) => createPrivateLocation({ ctx: domain(ctx), input }),
    }),
    updatePrivateLocation: t.field({
      type: PrivateLocationNode,
      errors: writeErrors,
      args: { id: locationId(), input: t.arg({ type: PrivateLocationUpdateInput, required: true }) },
      resolve: (_root, { id, input }, ctx) =>
        updatePrivateLocation({ ctx: domain(ctx), id: nodeId(id, "PrivateLocation"), input }),
    }),
    deletePrivateLocation: t.field({
      type: DeletedRef,
      description: "A location that checks or groups still name is a ConflictError.",
      errors: writeErrors,
      args: { id: locationId() },
      resolve: async (_root, { id }, ctx) => {
        await deletePrivateLocation({ ctx: domain(ctx), id: nodeId(id, "PrivateLocation") });
        return { deletedId: globalId("PrivateLocation", nodeId(id, "PrivateLocation")) };
      },
    }),
    createAgentKey: t.field({
      type: NewAgentKeyRef,
      errors: writeErrors,
      args: { privateLocationId: locationId() },
      resolve: (_root, { privateLocationId }, ctx) =>
        createAgentKey({ ctx: domain(ctx), id: nodeId(privateLocationId, "PrivateLocation") }),
    }),
    deleteAgentKey: t.field({
      type: DeletedRef,
      description: "Revokes the key: its agents can no longer call the service.",
      errors: writeErrors,
      args: {
        privateLocationId: locationId(),
        id: t.arg.id({ required: true, description: idDescription("AgentKey") }),
      },
      resolve: async (_root, { privateLocationId, id }, ctx) => {
        await deleteAgentKey({
          ctx: domain(ctx),
          id: nodeId(privateLocationId, "PrivateLocation"),
          keyId: nodeId(id, "AgentKey"),
        });
        return { deletedId: globalId("AgentKey", nodeId(id, "AgentKey")) };
      },
    }),
  };
});
