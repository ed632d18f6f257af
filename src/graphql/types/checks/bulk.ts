import { bulkDeleteChecks, bulkUpdateChecks, MAX_BULK_CHECKS } from "../../../domain/checks/index.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { globalId, nodeId } from "../../node-ids.js";
import { writeErrors } from "../shared/errors.js";
import { CHECK_TYPENAMES } from "./enums.js";
import { CheckRef } from "./type.js";

// The app's bulk actions on a selection of the checks list, in one request each.

const anyCheck = Object.values(CHECK_TYPENAMES);

const BulkCheckUpdateInput = builder.inputType("BulkCheckUpdateInput", {
  description: "What to change on every check of the selection; at least one field.",
  fields: (t) => ({
    activated: t.boolean({ description: "false pauses the checks, true resumes them." }),
    muted: t.boolean({ description: "true silences their notifications." }),
    groupId: t.id({
      description:
        "Moves them into this CheckGroup (its global id, or its REST id); null takes them out of their group.",
    }),
  }),
});

const DeletedChecksRef = builder.objectRef<{ deletedIds: string[] }>("DeletedChecks").implement({
  fields: (t) => ({ deletedIds: t.exposeIDList("deletedIds", { description: "Global ids of the deleted checks." }) }),
});

const idsDescription = `Global ids of checks of any type, or their REST ids; 1 to ${MAX_BULK_CHECKS}, all the account's.`;

builder.mutationFields((t) => ({
  updateChecks: t.field({
    type: [CheckRef],
    description:
      "Pauses, resumes, mutes, unmutes or moves several checks; nothing changes when one id or the group is not found.",
    errors: writeErrors,
    args: {
      ids: t.arg.idList({ required: true, description: idsDescription }),
      input: t.arg({ type: BulkCheckUpdateInput, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const { groupId, ...flags } = args.input;
      const input: Record<string, unknown> = Object.fromEntries(
        Object.entries(flags).filter(([, value]) => value != null),
      );
      // null is meaningful here (out of the group); omitted leaves the group alone.
      if (groupId !== undefined) input.groupId = groupId === null ? null : Number(nodeId(groupId, "CheckGroup"));
      return bulkUpdateChecks({
        ctx: domain(ctx),
        ids: (args.ids as string[]).map((id) => nodeId(id, ...anyCheck)),
        input,
      });
    },
  }),
  deleteChecks: t.field({
    type: DeletedChecksRef,
    description: "Deletes several checks with their results; none when one id is not found.",
    errors: writeErrors,
    args: { ids: t.arg.idList({ required: true, description: idsDescription }) },
    resolve: async (_root, args, ctx) => {
      const rows = await bulkDeleteChecks({
        ctx: domain(ctx),
        ids: (args.ids as string[]).map((id) => nodeId(id, ...anyCheck)),
      });
      return {
        deletedIds: rows.map((row) => globalId(CHECK_TYPENAMES[row.checkType as keyof typeof CHECK_TYPENAMES], row.id)),
      };
    },
  }),
}));
