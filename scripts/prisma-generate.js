#!/usr/bin/env node
// Runs on `npm install` (postinstall): writes one schema per database provider from the shared
// models and generates both Prisma clients. Plain JS so it needs nothing compiled first.
import { spawnSync } from "node:child_process";
import { writeProviderSchemas } from "./prisma-schemas.js";
import { loadWasmFromFile } from "./prisma-wasm-file.js";

const root = new URL("..", import.meta.url).pathname;
const schemas = writeProviderSchemas();
// Prisma 7's CLI looks for a schema-engine binary even for `generate`, which needs none; any
// existing file satisfies the check (see docs/stack.md). Nothing is downloaded.
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
};
for (const schema of schemas) {
  const run = spawnSync(
    process.execPath,
    [`${root}node_modules/prisma/build/index.js`, "generate", "--schema", schema],
    { cwd: root, env, stdio: "inherit" },
  );
  if (run.status !== 0) {
    console.error(`prisma generate failed for ${schema}`);
    process.exit(run.status ?? 1);
  }
}
for (const provider of ["sqlite", "postgresql"]) loadWasmFromFile(`${root}src/generated/${provider}/internal/class.ts`);
