import {
  createCheckGroup,
  deleteCheckGroup,
  UpdateCheckGroupInput,
  updateCheckGroup,
} from "../../domain/check-groups/index.js";
import { builder } from "../builder.js";
import { domain } from "../context.js";
import { propertiesInput } from "./check-input-fields.js";
import { CheckGroupRef } from "./check-refs.js";
import { autoAssignQuery, toDomainBody } from "./check-setting-inputs.js";
import { DeletedRef, globalId } from "./common.js";
import { writeErrors } from "./errors.js";

/** The group's writable properties, as the domain's update schema lists them. */
const KEYS = Object.keys(UpdateCheckGroupInput.shape).filter(
  (key) => !["id", "created_at", "updated_at"].includes(key),
);

const CheckGroupInput = propertiesInput(
  "CheckGroupInput",
  KEYS,
  ["name"],
  {},
  "Omitted properties take their defaults.",
);
const CheckGroupUpdateInput = propertiesInput(
  "CheckGroupUpdateInput",
  KEYS,
  [],
  {},
  "Omitted properties keep their value; a sent list or nested object replaces the stored one.",
);

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
      id: t.arg.globalID({ required: true, for: CheckGroupRef }),
      input: t.arg({ type: CheckGroupUpdateInput, required: true }),
      autoAssignAlerts: t.arg.boolean({
        description:
          "Default true: with no alertChannelSubscriptions sent, subscribe the group to every alert channel.",
      }),
    },
    resolve: (_root, { id, input, autoAssignAlerts }, ctx) =>
      updateCheckGroup({
        ctx: domain(ctx),
        id: id.id,
        input: toDomainBody(input),
        query: autoAssignQuery(autoAssignAlerts),
      }),
  }),
  deleteCheckGroup: t.field({
    type: DeletedRef,
    description: "A group that still holds checks is a ConflictError.",
    errors: writeErrors,
    args: { id: t.arg.globalID({ required: true, for: CheckGroupRef }) },
    resolve: async (_root, { id }, ctx) => {
      await deleteCheckGroup({ ctx: domain(ctx), id: id.id });
      return { deletedId: globalId("CheckGroup", id.id) };
    },
  }),
}));
