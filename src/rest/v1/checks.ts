import type { Route } from "../route.js";

export const checksRoutes: Route[] = [];
