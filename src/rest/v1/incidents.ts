import type { Route } from "../route.js";

export const incidentsRoutes: Route[] = [];
