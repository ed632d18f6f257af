import type { Route } from "../route.js";
import { groupChecksRoutes } from "../v1/check-group-checks.js";
import { checkReadRoutes } from "../v1/check-reads.js";

/** The reference's v2 of the checks' reads: the v1 operations' shapes (see ../v1/check-reads.ts). */
export const checksV2Routes: Route[] = [...checkReadRoutes("v2"), ...groupChecksRoutes("v2")];
