import { z } from "zod";
import { CHECK_STATUSES } from "../check-statuses/view.js";
import { CheckType, PageQuery, queryBoolean, queryList, querySchema } from "../shared/schemas.js";
export { AutoAssignAlertsQuery } from "../shared/schemas.js";

export * from "./deprecated-schema.js";
export * from "./property-schemas.js";
export * from "./request-schemas.js";
export * from "./type-schemas.js";

/** GET /v1/checks: the reference's page/limit and filters. */
export const ListChecksQuery = querySchema({
  ...PageQuery,
  checkType: CheckType.optional(),
  /** Checks having at least one of these tags. */
  tag: queryList.optional(),
  /** Case-insensitive part of the name. */
  search: z.string().max(255).optional(),
  /** Case-insensitive part of an API check's URL; only API checks match. */
  apiCheckUrlFilterPattern: z.string().min(1).max(2048).optional(),
  /** The check's current status (GET /v1/check-statuses); a check that never ran is passing. */
  status: z.enum(CHECK_STATUSES).optional(),
  /** Checks of a group shown with the group's settings applied (group-settings.ts). */
  applyGroupSettings: queryBoolean.default(false),
});

/** GET /v1/checks/{id}: a check's dependencies are always shown, so includeDependencies changes nothing. */
export const GetCheckQuery = querySchema({
  includeDependencies: queryBoolean.optional(),
  applyGroupSettings: queryBoolean.default(false),
});

/** GET /v1/check-groups/{id}/checks. */
export const ListGroupChecksQuery = querySchema(PageQuery);
