// vitest globalSetup of the `postgresql` project: one server for the run; each test file makes
// its own database on it (test/support/database.ts).
import type { TestProject } from "vitest/node";
import { startPostgres } from "./postgres-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    postgresBaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide("postgresBaseUrl", server.url("postgres"));
  return () => server.stop();
}
