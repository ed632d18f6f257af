import { z } from "zod";

/** Every date in a response is an ISO 8601 UTC string (docs/decisions.md). */
export function iso(date: Date): string;
export function iso(date: Date | null | undefined): string | null;
export function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}

/** Response-schema helpers, used only to document responses in /openapi.json. */
export const isoString = z.string().describe("ISO 8601 UTC date-time");
export const timestamps = { created_at: isoString, updated_at: isoString.nullable() };
