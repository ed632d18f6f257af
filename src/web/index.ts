// The web side of Vigil: pages a visitor opens in a browser (status pages, their feeds, the subscribe
// form), as opposed to the REST and GraphQL APIs. Each module registers its own routes.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../app-context.js";
import { privateAccessRoutes } from "./private-access-routes.js";
import { statusSubscriptionsModule } from "./status-subscriptions.js";
import { statusPagesModule } from "./status-pages/index.js";

export type WebModule = (app: FastifyInstance, context: AppContext) => void | Promise<void>;

/** Every web module, registered in this order. */
const webModules: readonly WebModule[] = [statusPagesModule, privateAccessRoutes, statusSubscriptionsModule];

export async function registerWeb(app: FastifyInstance, context: AppContext): Promise<void> {
  for (const register of webModules) await register(app, context);
}
