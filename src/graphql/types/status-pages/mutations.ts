import { createStatusPage, deleteStatusPage, updateStatusPage } from "../../../domain/status-pages/index.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { globalId, idDescription, nodeId } from "../../node-ids.js";
import { DeletedRef } from "../shared/deleted.js";
import { writeErrors } from "../shared/errors.js";
import { StatusPageRef } from "./type.js";
import { body, StatusPageInput } from "./inputs.js";

builder.mutationFields((t) => ({
  createStatusPage: t.field({
    type: StatusPageRef,
    description: "A taken url or custom domain is a ConflictError.",
    errors: writeErrors,
    args: { input: t.arg({ type: StatusPageInput, required: true }) },
    resolve: (_root, { input }, ctx) => createStatusPage({ ctx: domain(ctx), input: body(input) }),
  }),
  updateStatusPage: t.field({
    type: StatusPageRef,
    errors: writeErrors,
    args: {
      id: t.arg.id({ required: true, description: idDescription("StatusPage") }),
      input: t.arg({ type: StatusPageInput, required: true }),
    },
    resolve: (_root, { id, input }, ctx) =>
      updateStatusPage({ ctx: domain(ctx), id: nodeId(id, "StatusPage"), input: body(input) }),
  }),
  deleteStatusPage: t.field({
    type: DeletedRef,
    description: "Deletes the page with its cards and keys; its services and incidents stay.",
    errors: writeErrors,
    args: { id: t.arg.id({ required: true, description: idDescription("StatusPage") }) },
    resolve: async (_root, { id }, ctx) => {
      await deleteStatusPage({ ctx: domain(ctx), id: nodeId(id, "StatusPage") });
      return { deletedId: globalId("StatusPage", nodeId(id, "StatusPage")) };
    },
  }),
}));
