import type { Route } from "../route.js";

export const heartbeatsRoutes: Route[] = [];
