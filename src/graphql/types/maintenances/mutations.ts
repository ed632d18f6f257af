import {
  createMaintenanceUpdate,
  deleteMaintenanceUpdate,
  getMaintenance,
  moveMaintenance,
  skipMaintenance,
  updateMaintenanceUpdate,
} from "../../../domain/maintenances/index.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { globalId, idDescription, nodeId } from "../../node-ids.js";
import { DeletedRef } from "../shared/deleted.js";
import { writeErrors } from "../shared/errors.js";
import { CreateMaintenanceUpdateInput, MoveMaintenanceInput, UpdateMaintenanceUpdateInput } from "./inputs.js";
import { MaintenanceRef, MaintenanceUpdateRef } from "./type.js";

/** Input objects arrive with nulls for omitted fields; the domain treats an absent property as "keep". */
const present = (input: object) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));

builder.mutationFields((t) => ({
  moveMaintenance: t.field({
    type: MaintenanceRef,
    description:
      "New dates for one maintenance (REST PATCH): checks pause at the new time; editing the window keeps the move.",
    errors: writeErrors,
    args: {
      id: t.arg.id({ required: true, description: idDescription("Maintenance") }),
      input: t.arg({ type: MoveMaintenanceInput, required: true }),
    },
    resolve: (_root, { id, input }, ctx) =>
      moveMaintenance({ ctx: domain(ctx), id: nodeId(id, "Maintenance"), input: present(input) }),
  }),
  skipMaintenance: t.field({
    type: MaintenanceRef,
    description:
      "Skips one maintenance (REST DELETE): it neither pauses nor silences, and stays with status CANCELLED.",
    errors: writeErrors,
    args: { id: t.arg.id({ required: true, description: idDescription("Maintenance") }) },
    resolve: async (_root, { id }, ctx) => {
      const maintenanceId = nodeId(id, "Maintenance");
      await skipMaintenance({ ctx: domain(ctx), id: maintenanceId });
      return getMaintenance({ ctx: domain(ctx), id: maintenanceId });
    },
  }),
  createMaintenanceUpdate: t.field({
    type: MaintenanceUpdateRef,
    description: "A status update shown on the window's status pages; notifySubscribers tells their subscribers.",
    errors: writeErrors,
    args: {
      maintenanceId: t.arg.id({ required: true, description: idDescription("Maintenance") }),
      input: t.arg({ type: CreateMaintenanceUpdateInput, required: true }),
    },
    resolve: (_root, { maintenanceId, input }, ctx) =>
      createMaintenanceUpdate({
        ctx: domain(ctx),
        maintenanceId: nodeId(maintenanceId, "Maintenance"),
        input: present(input),
      }),
  }),
  updateMaintenanceUpdate: t.field({
    type: MaintenanceUpdateRef,
    description: "Replaces the description; an omitted status keeps its value.",
    errors: writeErrors,
    args: {
      id: t.arg.id({ required: true, description: idDescription("MaintenanceUpdate") }),
      input: t.arg({ type: UpdateMaintenanceUpdateInput, required: true }),
    },
    resolve: (_root, { id, input }, ctx) =>
      updateMaintenanceUpdate({ ctx: domain(ctx), id: nodeId(id, "MaintenanceUpdate"), input: present(input) }),
  }),
  deleteMaintenanceUpdate: t.field({
    type: DeletedRef,
    errors: writeErrors,
    args: { id: t.arg.id({ required: true, description: idDescription("MaintenanceUpdate") }) },
    resolve: async (_root, { id }, ctx) => {
      await deleteMaintenanceUpdate({ ctx: domain(ctx), id: nodeId(id, "MaintenanceUpdate") });
      return { deletedId: globalId("MaintenanceUpdate", nodeId(id, "MaintenanceUpdate")) };
    },
  }),
}));
