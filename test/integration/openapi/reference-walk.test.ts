// Issue 29, "Done when": every operation of the reference files is served, and every response
// field of the reference's schemas is in ours, but for the deliberate exceptions of ONE list,
// docs/reference-exceptions.json (pointed to by docs/reference-exceptions.md).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { type Doc, fieldMatches, fieldPaths, operations, successSchema } from "../../support/reference-walk.js";

const root = new URL("../../../", import.meta.url);
const read = (path: string) => JSON.parse(readFileSync(new URL(path, root), "utf8"));
const references: Doc[] = [
  read("docs/reference/checkly-openapi-subset.json"),
  read("docs/reference/checkly-openapi-alerting-subset.json"),
];
type Exception = { fields: string[]; operations?: string[]; reason: string };
const exceptions: Exception[] = read("docs/reference-exceptions.json").fields;

describe(`the reference walk on ${testProvider}`, () => {
  const t = useTestApp();
  const served = async () => (await t.api.get("/openapi.json")).body as Doc;

  it("serves every operation of both reference files", async () => {
    const ours = operations(await served());
    const missing = references.flatMap((ref) => [...operations(ref).keys()].filter((key) => !ours.has(key)));
    expect(missing).toEqual([]);
  });

  it("shows every response field of the reference's schemas, but for the listed exceptions", async () => {
    const ours = await served();
    const mine = operations(ours);
    const used = new Set<string>();
    const excepted = (key: string, path: string) => {
      const hit = exceptions.find(
        (e) =>
          (!e.operations || e.operations.some((o) => key.startsWith(o))) && e.fields.some((f) => fieldMatches(path, f)),
      );
      if (hit) for (const f of hit.fields) if (fieldMatches(path, f)) used.add(f);
      return hit !== undefined;
    };
    const missing: string[] = [];
    for (const ref of references)
      for (const [key, operation] of operations(ref)) {
        const our = mine.get(key);
        if (!our) continue;
        const have = fieldPaths(ours, successSchema(our));
        for (const path of fieldPaths(ref, successSchema(operation)))
          if (!have.has(path) && !excepted(key, path)) missing.push(`${key}: ${path}`);
      }
    expect(missing).toEqual([]);
    // No stale exception: each listed field is still left out somewhere.
    expect(exceptions.flatMap((e) => e.fields).filter((f) => !used.has(f))).toEqual([]);
    for (const e of exceptions) expect(e.reason.length).toBeGreaterThan(20);
  });
});
