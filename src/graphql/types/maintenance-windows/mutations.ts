import {
  createMaintenanceWindow,
  deleteMaintenanceWindow,
  updateMaintenanceWindow,
} from "../../../domain/maintenance-windows/index.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { globalId, idDescription, nodeId } from "../../node-ids.js";
import { DeletedRef } from "../shared/deleted.js";
import { writeErrors } from "../shared/errors.js";
import { MaintenanceWindowInput } from "./inputs.js";
import { MaintenanceWindowNode } from "./type.js";

builder.mutationFields((t) => ({
  createMaintenanceWindow: t.field({
    type: MaintenanceWindowNode,
    errors: writeErrors,
    args: { input: t.arg({ type: MaintenanceWindowInput, required: true }) },
    resolve: (_root, { input }, ctx) => createMaintenanceWindow({ ctx: domain(ctx), input }),
  }),
  updateMaintenanceWindow: t.field({
    type: MaintenanceWindowNode,
    description: "Replaces the required fields; an omitted optional field keeps its value.",
    errors: writeErrors,
    args: {
      id: t.arg.id({ required: true, description: idDescription("MaintenanceWindow") }),
      input: t.arg({ type: MaintenanceWindowInput, required: true }),
    },
    resolve: (_root, { id, input }, ctx) =>
      updateMaintenanceWindow({ ctx: domain(ctx), id: nodeId(id, "MaintenanceWindow"), input }),
  }),
  deleteMaintenanceWindow: t.field({
    type: DeletedRef,
    errors: writeErrors,
    args: { id: t.arg.id({ required: true, description: idDescription("MaintenanceWindow") }) },
    resolve: async (_root, { id }, ctx) => {
      await deleteMaintenanceWindow({ ctx: domain(ctx), id: nodeId(id, "MaintenanceWindow") });
      return { deletedId: globalId("MaintenanceWindow", nodeId(id, "MaintenanceWindow")) };
    },
  }),
}));
