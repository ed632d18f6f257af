import type { Route } from "../route.js";

export const checkResultsV2Routes: Route[] = [];
