import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { keepSecretValues } from "../shared/secrets.js";

type Variables = { key: string; value: string | null; secret?: boolean }[] | null | undefined;
import { parseInput } from "../shared/validation.js";
import { checkFrequency } from "./frequency.js";
import { getCheck } from "./get.js";
import { mergeStoredObjects, normalizeLists, toCheckData, type CheckRow, type CheckValues } from "./rows.js";
import { saveCheck } from "./save.js";
import { checkReferences } from "./references.js";
import { AutoAssignAlertsQuery, updateCheckSchema, type RoutedCheckType } from "./schemas.js";

/**
 * Writes a partial update: omitted properties keep their value; the offset rules hold for the
 * stored frequency and offset merged with the sent ones; a sent subscription list replaces the old.
 */
export async function applyCheckUpdate(ctx: DomainContext, current: CheckRow, sent: CheckValues): Promise<CheckRow> {
  const values: CheckValues = {
    ...sent,
    environmentVariables: keepSecretValues(sent.environmentVariables as Variables, current.environmentVariables),
  };
  const frequency = (values.frequency ?? current.frequency) as number;
  const offset = (values.frequencyOffset === undefined ? current.frequencyOffset : values.frequencyOffset) as
    | number
    | null;
  checkFrequency(current.checkType, frequency, offset);
  const { privateLocations } = await checkReferences(ctx, values);
  const subscriptions = values.alertChannelSubscriptions as
    | { alertChannelId: number; activated: boolean }[]
    | undefined;
  return saveCheck(
    ctx,
    { update: toCheckData({ ...values, privateLocations }, current.settings), id: current.id },
    subscriptions,
  );
}

/** PUT /v1/checks/{type}/{id}: a check of another type is not found on this route. */
export async function updateCheck({
  ctx,
  type,
  id,
  input,
  query,
}: {
  ctx: DomainContext;
  type: RoutedCheckType;
  id: unknown;
  input: unknown;
  query?: unknown;
}) {
  const current = await getCheck({ ctx, id });
  if (current.checkType !== type) throw new NotFoundError(`${type} check`, String(id));
  parseInput(AutoAssignAlertsQuery, query ?? {}, "query");
  const values = parseInput(updateCheckSchema(type), mergeStoredObjects(current, input));
  return applyCheckUpdate(ctx, current, normalizeLists(withoutResponseFields(values), "empty"));
}
