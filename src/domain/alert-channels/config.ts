import { z } from "zod";
import { ValidationError } from "../shared/errors.js";
import { issuePath } from "../shared/validation.js";
import { parseStoredChannel, type StoredChannel } from "./schemas.js";

/**
 * The config to store, re-read with its defaults as delivery will read it. After an update kept
 * the stored secrets, a secret still missing (a type change without one) is a 400 on its field.
 */
export function storedChannel(type: string, config: Record<string, unknown>): StoredChannel {
  try {
    return parseStoredChannel(type, config);
  } catch (error) {
    if (!(error instanceof z.ZodError)) throw error;
    const keys = error.issues.map((issue) => issuePath(["config", ...issue.path]));
    throw new ValidationError(error.issues.map((issue, index) => `${keys[index]}: ${issue.message}`).join("; "), [
      ...new Set(keys),
    ]);
  }
}
