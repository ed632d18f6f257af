import type { Route } from "../route.js";

export const checkSessionsRoutes: Route[] = [];
