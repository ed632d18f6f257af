// The framework's ceiling for bench/graphql.ts: graphql-yoga alone on node:http, serving a
// hard-coded `{ hello }` schema (no Fastify, no auth, no context, no plugins, no logging).
// Run as a child process: tsx bench/support/graphql-plain-yoga.ts <port>
import { createServer } from "node:http";
import { createSchema, createYoga } from "graphql-yoga";

const yoga = createYoga({
  schema: createSchema({ typeDefs: "type Query { hello: String! }", resolvers: { Query: { hello: () => "world" } } }),
  graphiql: false,
  landingPage: false,
  logging: false,
});

createServer(yoga).listen(Number(process.argv[2]), "127.0.0.1");
