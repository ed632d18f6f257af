import type { Authenticator } from "./auth/authenticate.js";
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import type { Logger } from "./logger.js";

/** What the running service holds once, shared by every adapter (REST, GraphQL, engine). */
export type AppContext = {
  config: Config;
  database: Database;
  auth: Authenticator;
  logger: Logger;
};
