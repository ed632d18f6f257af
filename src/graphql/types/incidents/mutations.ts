import {
  createIncident,
  createIncidentUpdate,
  deleteIncident,
  deleteIncidentUpdateById,
  updateIncident,
  updateIncidentUpdateById,
} from "../../../domain/incidents/index.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { globalId, idDescription, nodeId } from "../../node-ids.js";
import { DeletedRef } from "../shared/deleted.js";
import { writeErrors } from "../shared/errors.js";
import { IncidentRef, IncidentUpdateRef } from "./type.js";
import { serviceRefs } from "../status-page-services/inputs.js";
import { CreateIncidentInput, IncidentUpdateInput, UpdateIncidentInput } from "./inputs.js";

builder.mutationFields((t) => ({
  createIncident: t.field({
    type: IncidentRef,
    errors: writeErrors,
    args: { input: t.arg({ type: CreateIncidentInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      createIncident({ ctx: domain(ctx), input: { ...input, services: serviceRefs(input.services) } }),
  }),
  updateIncident: t.field({
    type: IncidentRef,
    errors: writeErrors,
    args: {
      id: t.arg.id({ required: true, description: idDescription("Incident") }),
      input: t.arg({ type: UpdateIncidentInput, required: true }),
    },
    resolve: (_root, { id, input }, ctx) =>
      updateIncident({
        ctx: domain(ctx),
        id: nodeId(id, "Incident"),
        input: { ...input, services: serviceRefs(input.services) },
      }),
  }),
  deleteIncident: t.field({
    type: DeletedRef,
    description: "Deletes the incident with its updates.",
    errors: writeErrors,
    args: { id: t.arg.id({ required: true, description: idDescription("Incident") }) },
    resolve: async (_root, { id }, ctx) => {
      await deleteIncident({ ctx: domain(ctx), id: nodeId(id, "Incident") });
      return { deletedId: globalId("Incident", nodeId(id, "Incident")) };
    },
  }),
  addIncidentUpdate: t.field({
    type: IncidentUpdateRef,
    errors: writeErrors,
    args: {
      incidentId: t.arg.id({ required: true, description: idDescription("Incident") }),
      input: t.arg({ type: IncidentUpdateInput, required: true }),
    },
    resolve: (_root, { incidentId, input }, ctx) =>
      createIncidentUpdate({ ctx: domain(ctx), incidentId: nodeId(incidentId, "Incident"), input }),
  }),
  updateIncidentUpdate: t.field({
    type: IncidentUpdateRef,
    description: "description is replaced; an omitted optional field keeps its value.",
    errors: writeErrors,
    args: {
      id: t.arg.id({ required: true, description: idDescription("IncidentUpdate") }),
      input: t.arg({ type: IncidentUpdateInput, required: true }),
    },
    resolve: (_root, { id, input }, ctx) =>
      updateIncidentUpdateById({ ctx: domain(ctx), id: nodeId(id, "IncidentUpdate"), input }),
  }),
  deleteIncidentUpdate: t.field({
    type: DeletedRef,
    description: "An incident keeps at least one update: deleting its last one is a ConflictError.",
    errors: writeErrors,
    args: { id: t.arg.id({ required: true, description: idDescription("IncidentUpdate") }) },
    resolve: async (_root, { id }, ctx) => {
      await deleteIncidentUpdateById({ ctx: domain(ctx), id: nodeId(id, "IncidentUpdate") });
      return { deletedId: globalId("IncidentUpdate", nodeId(id, "IncidentUpdate")) };
    },
  }),
}));
