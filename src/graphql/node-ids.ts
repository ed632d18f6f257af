import { PothosValidationError } from "@pothos/core";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import type { CHECK_TYPES } from "../domain/shared/schemas.js";

/** Node types whose REST id is an integer (autoincrement); every other node's is a uuid. */
const INTEGER_IDS = new Set(["CheckGroup", "MaintenanceWindow", "AlertChannel"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A node id as an argument gave it: `typename` is null for a REST id that several types may own (checks). */
export type NodeId = { typename: string | null; id: string };

export function asGlobalId(raw: string): { typename: string; id: string } | null {
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

/** The database id that an id argument names (see parseNodeId). */
export const nodeId = (raw: string | number, ...typenames: string[]): string => parseNodeId(raw, typenames).id;

/** The description of an id argument of one node type. */
export const idDescription = (typename: string) => `The ${typename}'s global id, or its REST id (databaseId).`;

/**
 * For ids that the domain validates itself, naming the field (a list of checks to trigger): the
 * database id of a global id of any type, else the value as sent (a REST id, or a mistake for
 * the domain to name).
 */
export const databaseIdOf = (raw: string | number): string => asGlobalId(String(raw))?.id ?? String(raw);

/** `databaseId` as GitHub's API has it: the id REST shows, an Int where that is an integer, else a String (uuid). */
export const DATABASE_ID_INT = "The id REST shows (an integer); id arguments take it as well as the global id.";
export const DATABASE_ID_UUID = "The id REST shows (a uuid); id arguments take it as well as the global id.";

/** The object type of each check type, by the domain's checkType value. */
export const CHECK_TYPENAMES = {
  API: "ApiCheck",
  URL: "UrlCheck",
  TCP: "TcpCheck",
  DNS: "DnsCheck",
  ICMP: "IcmpCheck",
  HEARTBEAT: "HeartbeatCheck",
  BROWSER: "BrowserCheck",
  MULTI_STEP: "MultiStepCheck",
  PLAYWRIGHT: "PlaywrightCheck",
  AGENTIC: "AgenticCheck",
  SSL: "SslCheck",
} as const satisfies Record<(typeof CHECK_TYPES)[number], string>;
