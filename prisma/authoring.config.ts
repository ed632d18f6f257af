// Used only by `npm run db:migration` (scripts/new-migration.ts): Prisma 6.19's CLI authors the
// migration SQL with its bundled Wasm schema engine when an adapter is configured, so nothing is
// downloaded. The run-time client is Prisma 7 (see src/db/client.ts).
import { defineConfig } from "prisma6/config";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";

process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= "/bin/true";
process.env.PRISMA_QUERY_ENGINE_LIBRARY ??= "/bin/true";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    return new PrismaBetterSqlite3({ url: ":memory:" });
  },
});
