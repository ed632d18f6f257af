import type { Route } from "../route.js";

export const privateLocationsRoutes: Route[] = [];
