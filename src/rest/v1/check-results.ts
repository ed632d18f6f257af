import type { Route } from "../route.js";

export const checkResultsRoutes: Route[] = [];
