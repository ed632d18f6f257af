import { PothosValidationError } from "@pothos/core";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";

/** Node types whose REST id is an integer (autoincrement); every other node's is a uuid. */
const INTEGER_IDS = new Set(["CheckGroup", "MaintenanceWindow"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A node id as an argument gave it: `typename` is null for a REST id that several types may own (checks). */
export type NodeId = { typename: string | null; id: string };

function asGlobalId(raw: string): { typename: string; id: string } | null {
  try {
    return decodeGlobalID(raw);
  } catch {
    return null;
  }
}

/**
 * An id argument that names a node of one of `typenames`: its global id, or (as REST shows it)
 * its database id. Anything else is the client's mistake, answered as Pothos answers a global id
 * of the wrong type (BAD_USER_INPUT, "ID: ... is not of type: ...").
 */
export function parseNodeId(raw: string | number, typenames: readonly string[]): NodeId {
  const value = String(raw);
  const global = asGlobalId(value);
  if (global && typenames.includes(global.typename)) return global;
  const integer = typenames.every((typename) => INTEGER_IDS.has(typename));
  if (!global && (integer ? /^\d+$/.test(value) : UUID.test(value)))
    return { typename: typenames.length === 1 ? typenames[0]! : null, id: value };
  throw new PothosValidationError(`ID: ${value} is not of type: ${typenames.join(", ")}`);
}

/** The global id of a node (as Query.node takes it). */
export const globalId = (typename: string, id: string | number): string => encodeGlobalID(typename, String(id));
