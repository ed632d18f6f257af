import type { Route } from "../route.js";

export const statusPagesRoutes: Route[] = [];
