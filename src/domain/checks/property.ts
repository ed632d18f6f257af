import { LISTS, type CheckRow } from "./persist.js";
import { checkProperties } from "./read.js";

const read = new WeakMap<CheckRow, Record<string, unknown>>();

/**
 * One property of a check as the REST API shows it (checkProperties, computed once per row, so
 * that GraphQL's field-by-field reads cost one pass). A property the check's type does not list
 * (environmentVariables of an API check) reads its column: a list as [] when unset, else null.
 */
export function checkProperty(check: CheckRow, key: string): unknown {
  let properties = read.get(check);
  if (!properties) {
    properties = checkProperties(check);
    read.set(check, properties);
  }
  if (key in properties) return properties[key];
  const column = (check as unknown as Record<string, unknown>)[key];
  return column ?? (LISTS.includes(key) ? [] : null);
}
