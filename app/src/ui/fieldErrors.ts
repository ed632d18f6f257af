import { messageFor } from "../screens/form/CheckForm";

/** What a mutation's result union answers when it is an error (the fields every form asks for). */
export type ErrorResult = { readonly message?: string; readonly fieldPaths?: readonly string[] };

/**
 * The API's errors by form field: `fieldOf` maps a ValidationError's path ("incidentUpdates.0.description")
 * to the field it names; an error naming no field goes to `form`, shown above the form.
 */
export function fieldErrors(result: ErrorResult, fieldOf: (path: string) => string, fallback: string) {
  const found: Record<string, string> = {};
  for (const path of result.fieldPaths ?? []) found[fieldOf(path)] = messageFor(path, result.message);
  if (!result.fieldPaths?.length) found.form = result.message ?? fallback;
  return found;
}
