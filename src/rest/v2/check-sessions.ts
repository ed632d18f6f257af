import type { Route } from "../route.js";
import { checkSessionReadRoutes } from "../v1/check-sessions.js";

/** The reference's v2 check sessions: trigger, read and await, over v1's domain verbs (cancel stays v1's). */
export const checkSessionsV2Routes: Route[] = checkSessionReadRoutes("v2");
