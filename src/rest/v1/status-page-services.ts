import type { Route } from "../route.js";

export const statusPageServicesRoutes: Route[] = [];
