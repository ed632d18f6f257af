// npm run db:migration -- <name>
// Writes prisma/{sqlite,postgresql}/migrations/<timestamp>_<name>/migration.sql from the difference
// between prisma/models.snapshot.prisma (the models as of the last migration) and
// prisma/models.prisma, then updates the snapshot. No database is needed.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { providerSchema, providers } from "./prisma-schemas.js";

const root = new URL("..", import.meta.url).pathname;
const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:migration -- <name in snake_case>");
  process.exit(2);
}
const snapshotPath = `${root}prisma/models.snapshot.prisma`;
const current = readFileSync(`${root}prisma/models.prisma`, "utf8");
const previous = existsSync(snapshotPath) ? readFileSync(snapshotPath, "utf8") : null;
const scratch = mkdtempSync(join(tmpdir(), "vigil-migration-"));
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);

for (const provider of providers) {
  const to = join(scratch, `${provider}-to.prisma`);
  writeFileSync(to, providerSchema(provider, { withUrl: true, models: current }));
  const fromArgs = ["--from-empty"];
  if (previous !== null) {
    const from = join(scratch, `${provider}-from.prisma`);
    writeFileSync(from, providerSchema(provider, { withUrl: true, models: previous }));
    fromArgs.splice(0, 1, "--from-schema-datamodel", from);
  }
  const sql = execFileSync(
    process.execPath,
    [
      `${root}node_modules/prisma6/build/index.js`,
      "migrate",
      "diff",
      ...fromArgs,
      "--to-schema-datamodel",
      to,
      "--script",
      "--config",
      `${root}prisma/authoring.config.ts`,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: provider === "sqlite" ? "file:./unused.db" : "postgresql://unused@127.0.0.1/unused",
      },
      encoding: "utf8",
    },
  );
  if (!/\S/.test(sql.replace(/^--.*$/gm, ""))) {
    console.log(`${provider}: no changes`);
    continue;
  }
  const dir = `${root}prisma/${provider}/migrations/${stamp}_${name}`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/migration.sql`, sql);
  writeFileSync(
    `${root}prisma/${provider}/migrations/migration_lock.toml`,
    `# Written by scripts/new-migration.ts\nprovider = "${provider}"\n`,
  );
  console.log(`${provider}: wrote ${dir}/migration.sql`);
}
writeFileSync(snapshotPath, current);
