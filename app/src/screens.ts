import type { Route } from "./routes";
import { Overview, overviewQuery } from "./screens/overview/Overview";

/** Every screen of the app, matched in order. */
export const routes: Route[] = [{ pattern: "/", query: overviewQuery, Component: Overview }];
