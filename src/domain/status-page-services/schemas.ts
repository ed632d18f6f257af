import { z } from "zod";
import { LIMITS } from "../shared/limits.js";
import { queryBoolean, queryInt, querySchema, requestBody } from "../shared/schemas.js";

/** CreateOrUpdateService of the reference document: a name (limit ours, as for incident names). */
export const ServiceInput = requestBody({ name: z.string().trim().min(1).max(255) });
export type ServiceInput = z.input<typeof ServiceInput>;

export const ListServicesQuery = querySchema({
  limit: queryInt(1, 100).default(20),
  nextId: z.string().max(LIMITS.token).optional(),
  /** false: every service of the account in one answer (the reference document's option). */
  paginated: queryBoolean.default(true),
});

/**
 * A reference to a service in an incident or a card: only `id` counts; the other properties of a
 * service object (a client may send back what it read) are ignored (docs/decisions.md, Incidents).
 */
export const ServiceRef = z.looseObject({ id: z.string().max(LIMITS.token) }).transform(({ id }) => ({ id }));
