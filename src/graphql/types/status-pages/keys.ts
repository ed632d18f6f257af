import type { StatusPageKeyRow } from "../../../domain/status-pages/index.js";
import { createStatusPageKey, deleteStatusPageKey } from "../../../domain/status-page-keys/index.js";
import { builder } from "../../builder.js";
import { domain } from "../../context.js";
import { idDescription, nodeId } from "../../node-ids.js";
import { DeletedRef } from "../shared/deleted.js";
import { writeErrors } from "../shared/errors.js";
import { StatusPageKeyRef } from "./cards.js";

/** The answer of createStatusPageKey: the only place the key itself is ever shown. */
const NewStatusPageKeyRef = builder
  .objectRef<Omit<StatusPageKeyRow, "keyHash"> & { key: string }>("NewStatusPageKey")
  .implement({
    fields: (t) => ({
      statusPageKey: t.field({ type: StatusPageKeyRef, resolve: (key) => key }),
      key: t.exposeString("key", { description: "The key (sp_...): shown once, store it now. Only its hash is kept." }),
    }),
  });

builder.mutationFields((t) => ({
  createStatusPageKey: t.field({
    type: NewStatusPageKeyRef,
    description: "A key that opens the page when it is private (?key=, or the page's key form).",
    errors: writeErrors,
    args: { statusPageId: t.arg.id({ required: true, description: idDescription("StatusPage") }) },
    resolve: (_root, { statusPageId }, ctx) =>
      createStatusPageKey({ ctx: domain(ctx), statusPageId: nodeId(statusPageId, "StatusPage") }),
  }),
  deleteStatusPageKey: t.field({
    type: DeletedRef,
    description:
      "Revokes a key: visitors holding it, or a cookie made with it, are refused from their next request. " +
      "deletedId is the key's id as StatusPageKey.id shows it (keys are not nodes).",
    errors: writeErrors,
    args: {
      statusPageId: t.arg.id({ required: true, description: idDescription("StatusPage") }),
      keyId: t.arg.id({ required: true, description: "StatusPageKey.id" }),
    },
    resolve: async (_root, { statusPageId, keyId }, ctx) => {
      await deleteStatusPageKey({ ctx: domain(ctx), statusPageId: nodeId(statusPageId, "StatusPage"), keyId });
      return { deletedId: String(keyId) };
    },
  }),
}));
