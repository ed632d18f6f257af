import { z } from "zod";
import { queryInt, querySchema, requestBody } from "../shared/schemas.js";

/**
 * The reference document's slug: letters, digits and `-`, 1 to 30 characters, and not shaped like
 * a data-center region (`eu-west-1`), so that it never reads as a location value.
 */
const SLUG = /^((?!((us(-gov)?|ap|ca|cn|eu|sa|af|me)-(central|(north|south)?(east|west)?)-\d+))[a-zA-Z0-9-]{1,30})$/;

const name = z.string().trim().min(1).max(255);
const icon = z.string().trim().min(1).max(100);
/** A proxy for outgoing HTTP calls of the agent, e.g. `https://user:password@10.0.0.1:3128`. */
const proxyUrl = z
  .url({ protocol: /^https?$/, message: "must be an http or https URL" })
  .max(2048)
  .nullable();

export const CreatePrivateLocationInput = requestBody({
  name,
  slugName: z.string().regex(SLUG, "must be 1 to 30 letters, digits or '-', and not a data-center location name"),
  icon: icon.default("location"),
  proxyUrl: proxyUrl.default(null),
});
export type CreatePrivateLocationInput = z.input<typeof CreatePrivateLocationInput>;

/** PUT (reference `privateLocationUpdate`): name is required; an omitted icon or proxyUrl keeps its value. The slug is fixed. */
export const UpdatePrivateLocationInput = requestBody({
  name,
  icon: icon.optional(),
  proxyUrl: proxyUrl.optional(),
});
export type UpdatePrivateLocationInput = z.input<typeof UpdatePrivateLocationInput>;

/** GET /v1/private-locations/{id}/error-reports. */
export const ListErrorReportsQuery = querySchema({ limit: queryInt(1, 100).default(20) });
export type ListErrorReportsQuery = z.input<typeof ListErrorReportsQuery>;
