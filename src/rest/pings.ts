import type { Route } from "./route.js";

export const pingsRoutes: Route[] = [];
