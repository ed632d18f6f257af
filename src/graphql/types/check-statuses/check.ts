import { builder } from "../../builder.js";
import { CheckRef, loadCheck } from "../checks/type.js";
import { CheckStatusRef } from "./type.js";

// A status change names its check by node, so that a client's normalized cache (the app's Relay
// store) updates the check's row in place from a checkStatusChanged event.
builder.objectFields(CheckStatusRef, (t) => ({
  check: t.field({
    type: CheckRef,
    description: "The check this status is of (one statement for many statuses).",
    resolve: (status, _args, ctx) => loadCheck(ctx, status.checkId),
  }),
}));
