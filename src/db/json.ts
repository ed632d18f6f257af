import { DbNull } from "@prisma/client/runtime/client";
import type { Prisma } from "../generated/sqlite/client.js";

/**
 * A value for a JSON column. Prisma refuses a bare `null` there (it must be told SQL NULL or JSON
 * null); we always mean SQL NULL. `undefined` stays undefined (leave the column unchanged).
 * Both generated clients share the runtime, so its DbNull serves SQLite and PostgreSQL alike.
 */
export function json(value: unknown): Prisma.InputJsonValue | Prisma.NullableJsonNullValueInput {
  if (value === undefined) return undefined as never;
  return value === null ? (DbNull as Prisma.NullableJsonNullValueInput) : (value as Prisma.InputJsonValue);
}
