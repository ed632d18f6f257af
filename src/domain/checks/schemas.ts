import { z } from "zod";
import { CheckType, queryBoolean, queryInt } from "../shared/schemas.js";

export * from "./deprecated-schema.js";
export * from "./fields.js";
export * from "./request-schemas.js";
export * from "./type-schemas.js";

/**
 * `?autoAssignAlerts=` (default true) of the create and update routes: a check created without
 * `alertChannelSubscriptions` is subscribed to every alert channel of the account. The reference
 * applies it "when it gets created", so updates validate it and change nothing by it.
 */
export const AutoAssignAlertsQuery = z.object({
  autoAssignAlerts: queryBoolean.default(true),
});

/** One value or a repeated key (`?tag=a&tag=b`), as the reference's form/explode arrays. */
const queryList = z.union([z.string().min(1).max(255), z.array(z.string().min(1).max(255)).max(100)]).transform((value) => [value].flat());

const page = {
  limit: queryInt(1, 100).default(10),
  page: queryInt(1, 1_000_000).default(1),
};

/** GET /v1/checks: the reference's page/limit and filters (not `status`, which needs results). */
export const ListChecksQuery = z.object({
  ...page,
  checkType: CheckType.optional(),
  /** Checks having at least one of these tags. */
  tag: queryList.optional(),
  /** Case-insensitive part of the name. */
  search: z.string().max(255).optional(),
  /** Case-insensitive part of an API check's URL; only API checks match. */
  apiCheckUrlFilterPattern: z.string().min(1).max(2048).optional(),
});

/** GET /v1/check-groups/{id}/checks. */
export const ListGroupChecksQuery = z.object(page);
