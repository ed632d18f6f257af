import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../../../", import.meta.url).pathname;

/** Every module the agent loads at run time: value imports only (`import type` is erased). */
function graph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/^\s*(import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']/gm)) {
      const specifier = match[2]!;
      if (specifier.startsWith(".")) visit(resolve(dirname(file), specifier.replace(/\.js$/, ".ts")));
      else
        packages.add(specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!);
    }
    for (const match of source.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g))
      if (match[1]!.startsWith(".")) visit(resolve(dirname(file), match[1]!.replace(/\.js$/, ".ts")));
  };
  visit(resolve(root, entry));
  return { files, packages };
}

describe("the agent's module graph", () => {
  it("never reaches the database layer (Prisma, the db modules, the domain verbs)", () => {
    const { files, packages } = graph("src/agent/main.ts");
    expect(files.size).toBeGreaterThan(5);
    const relative = [...files].map((f) => f.slice(root.length));
    expect(
      relative.filter((f) => /^src\/(db|generated)\//.test(f) || f === "src/app-context.ts" || f === "src/server.ts"),
    ).toEqual([]);
    // Of the domain, only pure parts: the monitoring rules the service's runners use too, schemas,
    // the input limits and assertion kinds they name (SSL's baseline schema parses an agent's job).
    expect(
      relative.filter(
        (f) =>
          f.startsWith("src/domain/") &&
          !/^src\/domain\/(monitoring\/(tries|effective|retry|assertions|scrub)|shared\/(limits|assertion-kinds)|.*schemas|validation|errors)\.ts$/.test(
            f,
          ),
      ),
    ).toEqual([]);
    expect([...packages].filter((p) => /prisma|better-sqlite3|^pg$/.test(p))).toEqual([]);
    expect(relative).toEqual(
      expect.arrayContaining(["src/agent/agent.ts", "src/domain/monitoring/tries.ts", "src/engine/runners/index.ts"]),
    );
  });
});
