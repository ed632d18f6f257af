import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../../domain/shared/errors.js";
import { builder } from "../../builder.js";

/**
 * Domain errors as typed mutation results (Pothos errors plugin): a mutation answers
 * `... on ValidationError { message fieldPaths }` instead of a masked internal error.
 */
export const ErrorInterface = builder.interfaceRef<Error>("Error").implement({
  description: "What went wrong, for the caller: every mutation's failure types implement it.",
  fields: (t) => ({ message: t.exposeString("message") }),
});

builder.objectType(ValidationError, {
  name: "ValidationError",
  description: "The input broke a rule: fieldPaths name the offending fields as dotted paths (locations.1).",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ValidationError,
  fields: (t) => ({ fieldPaths: t.stringList({ resolve: (error) => error.keys }) }),
});

builder.objectType(NotFoundError, {
  name: "NotFoundError",
  description: "No such object in the caller's account.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof NotFoundError,
});

builder.objectType(ConflictError, {
  name: "ConflictError",
  description: "The write conflicts with existing data (a taken url, a group that still holds checks...).",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ConflictError,
});

builder.objectType(ForbiddenError, {
  name: "ForbiddenError",
  description: "The caller may not do this.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ForbiddenError,
});

/** The failure types of a mutation that writes (validation, missing objects, conflicts). */
export const writeErrors = { types: [ValidationError, NotFoundError, ConflictError] };
