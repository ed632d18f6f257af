import type { Route } from "../route.js";

export const checkGroupsRoutes: Route[] = [];
