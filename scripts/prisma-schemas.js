// One model file, two providers: Prisma needs one provider per schema, so the provider schemas
// are written from prisma/models.prisma (git ignores them) and generated into two clients.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";

const root = new URL("..", import.meta.url).pathname;
/** @type {("sqlite" | "postgresql")[]} */
export const providers = ["sqlite", "postgresql"];

/** @param {"sqlite" | "postgresql"} provider @param {{ withUrl?: boolean, models?: string }} [options] */
export function providerSchema(provider, options = {}) {
  const models = options.models ?? readFileSync(`${root}prisma/models.prisma`, "utf8");
  // Prisma 6.19 (used only to author migration SQL) needs a url in the datasource; Prisma 7 rejects it.
  const url = options.withUrl ? `\n  url      = env("DATABASE_URL")` : "";
  return `// Written by scripts/prisma-schemas.js from prisma/models.prisma: edit that file instead.
generator client {
  provider            = "prisma-client"
  output              = "../../src/generated/${provider}"
  engineType          = "client"
  runtime             = "nodejs"
  moduleFormat        = "esm"
  importFileExtension = "js"
}

datasource db {
  provider = "${provider}"${url}
}

${models}`;
}

export function schemaPath(provider) {
  return `${root}prisma/${provider}/schema.prisma`;
}

export function writeProviderSchemas() {
  return providers.map((provider) => {
    mkdirSync(`${root}prisma/${provider}`, { recursive: true });
    writeFileSync(schemaPath(provider), providerSchema(provider));
    return schemaPath(provider);
  });
}
