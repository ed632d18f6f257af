import { createCheckGroup, deleteCheckGroup, updateCheckGroup } from "../../../domain/check-groups/index.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { CheckGroupInput, CheckGroupUpdateInput } from "./inputs.js";
import { CheckGroupRef } from "./type.js";
import { autoAssignQuery, toDomainBody } from "../checks/setting-inputs.js";
import { globalId, idDescription, nodeId } from "../../node-ids.js";
import { DeletedRef } from "../shared/deleted.js";
import { writeErrors } from "../shared/errors.js";

builder.mutationFields((t) => ({
  createCheckGroup: t.field({
    type: CheckGroupRef,
    errors: writeErrors,
    args: { input: t.arg({ type: CheckGroupInput, required: true }), autoAssignAlerts: t.arg.boolean() },
    resolve: (_root, { input, autoAssignAlerts }, ctx) =>
      createCheckGroup({ ctx: domain(ctx), input: toDomainBody(input), query: autoAssignQuery(autoAssignAlerts) }),
  }),
  updateCheckGroup: t.field({
    type: CheckGroupRef,
    errors: writeErrors,
    args: {
      id: t.arg.id({ required: true, description: idDescription("CheckGroup") }),
      input: t.arg({ type: CheckGroupUpdateInput, required: true }),
      autoAssignAlerts: t.arg.boolean({
        description: "Accepted for the REST parity; acts at creation only, so an update changes no subscription.",
      }),
    },
    resolve: (_root, { id, input, autoAssignAlerts }, ctx) =>
      updateCheckGroup({
        ctx: domain(ctx),
        id: nodeId(id, "CheckGroup"),
        input: toDomainBody(input),
        query: autoAssignQuery(autoAssignAlerts),
      }),
  }),
  deleteCheckGroup: t.field({
    type: DeletedRef,
    description: "A group that still holds checks is a ConflictError.",
    errors: writeErrors,
    args: { id: t.arg.id({ required: true, description: idDescription("CheckGroup") }) },
    resolve: async (_root, { id }, ctx) => {
      await deleteCheckGroup({ ctx: domain(ctx), id: nodeId(id, "CheckGroup") });
      return { deletedId: globalId("CheckGroup", nodeId(id, "CheckGroup")) };
    },
  }),
}));
