import { UnauthorizedError } from "../../../domain/shared/errors.js";
import { builder } from "../../builder.js";
import { ErrorInterface } from "../shared/errors.js";

builder.objectType(UnauthorizedError, {
  name: "UnauthenticatedError",
  description: "The credential sent opens nothing (the same answer for a key that is wrong, malformed or revoked).",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof UnauthorizedError,
});
