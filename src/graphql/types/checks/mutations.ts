import {
  CHECK_TYPE_SPECS,
  createCheck,
  deleteCheck,
  getChecks,
  updateCheck,
  type RoutedCheckType,
} from "../../../domain/checks/index.js";
import { CHECK_TYPES } from "../../../domain/shared/schemas.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { CHECK_TYPENAMES } from "./enums.js";
import { CHECK_INPUTS } from "./inputs.js";
import { autoAssignQuery, toDomainBody } from "./setting-inputs.js";
import { CHECK_NODES } from "./kinds.js";
import { globalId, nodeId, parseNodeId } from "../../node-ids.js";
import { DeletedRef } from "../shared/deleted.js";
import { writeErrors } from "../shared/errors.js";

/** A check's id may name any check type: a check of another type than the mutation's is a NotFoundError (as on REST). */
const anyCheck = CHECK_TYPES.map((type) => CHECK_TYPENAMES[type]);
const checkIdDescription = "The check's global id (of any check type), or its REST id (databaseId).";

/** createApiCheck / updateApiCheck ... for the eight types that REST creates and updates, through the same domain verbs. */
for (const type of Object.keys(CHECK_TYPE_SPECS) as RoutedCheckType[]) {
  const name = CHECK_TYPENAMES[type];
  const node = CHECK_NODES[type];
  const inputs = CHECK_INPUTS[type];
  builder.mutationFields((t) => ({
    [`create${name}`]: t.field({
      type: node,
      errors: writeErrors,
      args: {
        input: t.arg({ type: inputs.create, required: true }),
        autoAssignAlerts: t.arg.boolean({
          description:
            "Default true: with no alertChannelSubscriptions sent, subscribe the check to every alert channel.",
        }),
      },
      resolve: (_root, { input, autoAssignAlerts }, ctx) =>
        createCheck({
          ctx: domain(ctx),
          type,
          input: toDomainBody(input as Record<string, unknown>),
          query: autoAssignQuery(autoAssignAlerts),
        }),
    }),
    [`update${name}`]: t.field({
      type: node,
      description:
        "A partial update: omitted fields keep their value, null clears what may be empty; request, heartbeat and alertSettings merge into the stored ones.",
      errors: writeErrors,
      args: {
        id: t.arg.id({ required: true, description: checkIdDescription }),
        input: t.arg({ type: inputs.update, required: true }),
      },
      resolve: (_root, { id, input }, ctx) =>
        updateCheck({
          ctx: domain(ctx),
          type,
          id: nodeId(id, ...anyCheck),
          input: toDomainBody(input as Record<string, unknown>),
        }),
    }),
  }));
}

builder.mutationField("deleteCheck", (t) =>
  t.field({
    type: DeletedRef,
    description: "Deletes a check of any type, with its results and heartbeat events.",
    errors: writeErrors,
    args: { id: t.arg.id({ required: true, description: checkIdDescription }) },
    resolve: async (_root, { id }, ctx) => {
      const check = parseNodeId(id, anyCheck);
      // A REST id names no type: the deleted check's own type makes its global id.
      const [row] = check.typename ? [] : await getChecks({ ctx: domain(ctx), ids: [check.id] });
      await deleteCheck({ ctx: domain(ctx), id: check.id });
      const typename = check.typename ?? CHECK_TYPENAMES[(row?.checkType ?? "API") as keyof typeof CHECK_TYPENAMES];
      return { deletedId: globalId(typename, check.id) };
    },
  }),
);
