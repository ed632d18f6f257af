import type { DomainContext } from "../shared/context.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { parseInput } from "../shared/validation.js";
import { getCheck } from "./get.js";
import { mergeStoredObjects, normalizeLists } from "./rows.js";
import { AutoAssignAlertsQuery, deprecatedUpdateSchema } from "./schemas.js";
import { applyCheckUpdate } from "./update.js";

/**
 * The deprecated `PUT /v1/checks/{id}`: a check of any type, the property names of docs/decisions.md;
 * a list sent as `null` and `groupId: null` leave the stored value as it is.
 */
export async function updateCheckDeprecated({
  ctx,
  id,
  input,
  query,
}: {
  ctx: DomainContext;
  id: unknown;
  input: unknown;
  query?: unknown;
}) {
  const current = await getCheck({ ctx, id });
  parseInput(AutoAssignAlertsQuery, query ?? {}, "query");
  const values = parseInput(deprecatedUpdateSchema(current.checkType), mergeStoredObjects(current, input));
  return applyCheckUpdate(ctx, current, normalizeLists(withoutResponseFields(values), "unchanged"));
}
