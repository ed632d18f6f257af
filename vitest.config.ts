import { realpathSync } from "node:fs";
import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { localRuntime, SUPPORTED, supported } from "./bin/runtime.js";

// The suite runs on the Node the service runs on: the project's own when it has one
// (bin/runtime.js); `npm test` and `npx vitest` do (node_modules/.bin/node comes first on their
// PATH). Another Node would test a runtime the service never uses.
const runtime = localRuntime();
if (runtime ? realpathSync(process.execPath) !== runtime : !supported(process.versions.node))
  throw new Error(
    `vitest runs on ${process.execPath} (${process.version}), not ${runtime ?? `Node ${SUPPORTED}`}: use npm test or npx vitest`,
  );

// Unit tests run once; integration tests run on SQLite and again on a real PostgreSQL server.
export default defineConfig({
  // graphql ships CJS and ESM builds; Pothos and yoga must share one copy of it, or graphql-js
  // rejects types "from another module or realm".
  resolve: { alias: { graphql: "graphql/index.js" } },
  test: {
    testTimeout: 30_000,
    // Test files share a worker's loaded modules: importing the app, Prisma and the schema per
    // file took a third of the suite's time. Every file builds its own app and database anyway.
    isolate: false,
    hookTimeout: 60_000,
    // Vitest's default leaves one core free: on a 2-core machine one file ran at a time, and the
    // files that mostly wait (the cluster, browsers, child processes) made the suite 10 minutes.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { extends: true, test: { name: "unit", include: ["test/unit/**/*.test.ts"] } },
      {
        // The operator app's components, in jsdom on Relay mock environments; babel-plugin-relay
        // compiles their graphql`` tags as the app's build does.
        plugins: [react({ babel: { plugins: [["relay", { artifactDirectory: "./app/src/__generated__" }]] } })],
        test: {
          name: "app",
          include: ["app/test/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["app/test/setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "sqlite",
          include: ["test/integration/**/*.test.ts"],
          // Several `vigil serve` processes sharing one database: PostgreSQL's case only.
          exclude: ["test/integration/cluster/serve-processes.test.ts"],
          env: { VIGIL_TEST_DB: "sqlite" },
        },
      },
      {
        extends: true,
        test: {
          name: "postgresql",
          include: ["test/integration/**/*.test.ts"],
          // The operator app's browser tests run a `vigil serve` on SQLite, as the issue asks; a
          // SQLite connection's page cache is SQLite's alone.
          exclude: [
            "test/integration/**/app-*browser.test.ts",
            "test/integration/operator-app/*-browser.test.ts",
            "test/integration/db/sqlite-page-cache.test.ts",
          ],
          env: { VIGIL_TEST_DB: "postgresql" },
          globalSetup: ["test/support/global-postgres.ts"],
        },
      },
    ],
  },
});
