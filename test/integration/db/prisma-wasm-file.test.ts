// Issue 28: the generated Prisma clients read their query compiler's WebAssembly from the file
// as text (scripts/prisma-wasm-file.js) instead of importing the module that exports it as a
// base64 string, which V8 kept twice for the life of the process. The client so loaded compiles
// new query shapes and answers them as before.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../src/db/client.js";
import { testDatabase, testProvider } from "../../support/database.js";

const stops: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stops.splice(0)) await stop();
});

describe(`Prisma's query compiler read from its file on ${testProvider}`, () => {
  let db: Db;
  beforeAll(async () => {
    const database = await testDatabase();
    stops.push(() => database.close());
    db = database.prisma;
  });

  it("is loaded from the file, never imported as a module", () => {
    const generated = readFileSync(
      new URL(`../../../src/generated/${testProvider}/internal/class.ts`, import.meta.url),
      "utf8",
    );
    const loader = generated.slice(generated.indexOf("getQueryCompilerWasmModule"));
    expect(loader).toMatch(
      /^getQueryCompilerWasmModule: async \(\) => \{\s*return await decodeBase64FileAsWasm\("@prisma\/client\/runtime\/query_compiler_fast_bg\.\w+\.wasm-base64\.mjs"\)/,
    );
    expect(generated).not.toMatch(/await import\("[^"]*wasm-base64/);
  });

  it("compiles and answers queries of new shapes: writes, a relation, a filter, an aggregate", async () => {
    const account = await db.account.create({ data: { name: "wasm" } });
    const group = await db.checkGroup.create({
      data: { accountId: account.id, name: "g", tags: ["t"], locations: [], apiCheckDefaults: {} },
    });
    await db.check.createMany({
      data: ["a", "b", "c"].map((name, i) => ({
        accountId: account.id,
        checkType: "API",
        name,
        locations: ["eu-west-1"],
        tags: [],
        frequency: i + 1,
        groupId: i === 0 ? group.id : null,
      })),
    });
    const grouped = await db.check.findMany({
      where: { accountId: account.id, group: { name: "g" } },
      select: { name: true, group: { select: { tags: true } } },
    });
    expect(grouped).toEqual([{ name: "a", group: { tags: ["t"] } }]);
    const sum = await db.check.aggregate({ where: { accountId: account.id }, _sum: { frequency: true } });
    expect(sum._sum.frequency).toBe(6);
    const frequent = await db.check.findMany({
      where: { accountId: account.id, frequency: { gte: 2 } },
      orderBy: { name: "desc" },
      select: { name: true },
    });
    expect(frequent.map((c) => c.name)).toEqual(["c", "b"]);
  });
});
