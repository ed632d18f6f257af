import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { printedSchema } from "../../src/graphql/schema.js";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

describe("committed generated files", () => {
  it("schema.graphql matches the Pothos schema (run `npm run schema`)", () => {
    expect(read("schema.graphql")).toBe(printedSchema());
  });

  it("the migrations cover prisma/models.prisma (run `npm run db:migration -- <name>`)", () => {
    expect(read("prisma/models.snapshot.prisma")).toBe(read("prisma/models.prisma"));
  });
});
