import { LISTS, SETTINGS, type CheckRow } from "./persist.js";
import { typeSpec } from "./type-schemas.js";

/**
 * The properties a check shows, in its type's order (the REST mapper, GraphQL and the scheduler
 * read checks through this): the columns, the reference-only ones unfolded from `settings`, and
 * the subscriptions. A heartbeat's config carries its pingToken; the ping URL is the adapter's.
 */
export function checkProperties(check: CheckRow): Record<string, unknown> {
  const spec = typeSpec(check.checkType);
  const settings = (check.settings ?? {}) as Record<string, unknown>;
  const columns = check as unknown as Record<string, unknown>;
  const properties: Record<string, unknown> = {};
  for (const key of Object.keys(spec.fields)) {
    if (key === "alertChannelSubscriptions") {
      properties[key] = check.alertChannelSubscriptions.map(({ alertChannelId, activated }) => ({
        alertChannelId,
        activated,
      }));
    } else if (SETTINGS.includes(key)) {
      properties[key] = key in settings ? settings[key] : (spec.defaults[key] ?? null);
    } else {
      properties[key] = columns[key] ?? (LISTS.includes(key) ? [] : null);
    }
  }
  if (check.checkType === "HEARTBEAT" && check.heartbeat)
    properties.heartbeat = { ...(check.heartbeat as object), pingToken: check.pingToken };
  return properties;
}
