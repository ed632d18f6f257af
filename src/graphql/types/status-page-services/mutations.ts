import { createService, deleteService, updateService } from "../../../domain/status-page-services/index.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { globalId, idDescription, nodeId } from "../../node-ids.js";
import { DeletedRef } from "../shared/deleted.js";
import { writeErrors } from "../shared/errors.js";
import { ServiceInput } from "./inputs.js";
import { ServiceNode } from "./type.js";

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
      id: t.arg.id({ required: true, description: idDescription("Service") }),
      input: t.arg({ type: ServiceInput, required: true }),
    },
    resolve: (_root, { id, input }, ctx) => updateService({ ctx: domain(ctx), id: nodeId(id, "Service"), input }),
  }),
  deleteService: t.field({
    type: DeletedRef,
    description: "Deletes the service; cards and incidents that named it no longer do.",
    errors: writeErrors,
    args: { id: t.arg.id({ required: true, description: idDescription("Service") }) },
    resolve: async (_root, { id }, ctx) => {
      await deleteService({ ctx: domain(ctx), id: nodeId(id, "Service") });
      return { deletedId: globalId("Service", nodeId(id, "Service")) };
    },
  }),
}));
