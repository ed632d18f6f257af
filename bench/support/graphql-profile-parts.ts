// The parts of the server that the GraphQL CPU profiles charge samples to (graphql-profile.ts,
// graphql-server-profile.ts).
import { CLIENT, type Parts } from "./cpu-profile.js";

/** Most specific first: a sample whose stack holds any frame of a part is that part's. */
export const PARTS: Parts = [
  CLIENT,
  ["complexity plugin (@pothos/plugin-complexity)", /@pothos\/plugin-complexity\//],
  ["auth (src/auth: key hash, cache, rate limit)", /\/(src|dist)\/auth\//],
  ["database (Prisma, better-sqlite3)", /@prisma\/|better-sqlite3/],
  ["context building (src/graphql/context.ts)", /\/(src|dist)\/graphql\/context\.[jt]s/],
  ["logging (pino, src/logger.ts)", /node_modules\/pino|\/src\/logger\.ts/],
  ["error masking / introspection plugins", /plugin-disable-introspection|maskError|useMaskedErrors/],
  ["domain batch functions (src/domain)", /\/(src|dist)\/domain\//],
  ["our resolvers (src/graphql/types)", /\/(src|dist)\/graphql\/types\//],
  ["Pothos field wrappers (core, relay, errors)", /@pothos\//],
  ["GraphQL parse / validate / execute", /node_modules\/(graphql|@graphql-tools)\//],
  ["graphql-yoga, envelop, whatwg-node (fetch API)", /graphql-yoga|@envelop|@whatwg-node|@graphql-yoga/],
  ["Fastify (routing, hooks, reply)", /node_modules\/(fastify|find-my-way|avvio|light-my-request|@fastify)\//],
  ["our server glue (src/server.ts, src/graphql/server.ts)", /\/(src|dist)\/(server|graphql\/server)\.[jt]s/],
  ["Node http / net / streams", /^node:/],
];
