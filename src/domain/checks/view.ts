import { LISTS, SETTINGS, type CheckRow } from "./rows.js";
import { typeSpec } from "./type-schemas.js";

/** A check as the REST API shows it: property name to value, in its type's order. */
export type CheckView = Record<string, unknown>;

/**
 * The properties a check shows (its view), in its type's order (the REST mapper, GraphQL and the scheduler
 * read checks through this): the columns, the reference-only ones unfolded from `settings`, and
 * the subscriptions. A heartbeat's config carries its pingToken; the ping URL is the adapter's.
 */
export function toCheckView(check: CheckRow): CheckView {
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

const read = new WeakMap<CheckRow, Record<string, unknown>>();

/**
 * One property of a check as the REST API shows it (toCheckView, computed once per row, so
 * that GraphQL's field-by-field reads cost one pass). A property the check's type does not list
 * (environmentVariables of an API check) reads its column: a list as [] when unset, else null.
 */
export function checkProperty(check: CheckRow, key: string): unknown {
  let properties = read.get(check);
  if (!properties) {
    properties = toCheckView(check);
    read.set(check, properties);
  }
  if (key in properties) return properties[key];
  const column = (check as unknown as Record<string, unknown>)[key];
  return column ?? (LISTS.includes(key) ? [] : null);
}
