import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const src = join(root, "src");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : sources(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

/** Every static import and re-export of src/ (`import type` included), as paths relative to the repository. */
const edges = sources(src).flatMap((file) => {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/^\s*(?:import|export)\s[^'"]*?["'](\.[^"']+)["']/gm)].map((match) => ({
    from: relative(root, file),
    to: relative(root, resolve(dirname(file), match[1]!.replace(/\.js$/, ".ts"))),
  }));
});

const importsOf = (folder: string) => edges.filter((edge) => edge.from.startsWith(`${folder}/`));
const into = (targets: string[]) => (edge: { to: string }) =>
  targets.some((target) => edge.to === target || edge.to.startsWith(`${target}/`));

/** A cycle between the folders that `folderOf` names, as a list of folders, or null. */
function folderCycle(folderOf: (path: string) => string | null): string[] | null {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const [a, b] = [folderOf(from), folderOf(to)];
    if (a && b && a !== b) graph.set(a, (graph.get(a) ?? new Set()).add(b));
  }
  const done = new Set<string>();
  const visit = (node: string, path: string[]): string[] | null => {
    if (path.includes(node)) return [...path.slice(path.indexOf(node)), node];
    if (done.has(node)) return null;
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next, [...path, node]);
      if (cycle) return cycle;
    }
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return null;
}

describe("the layout of src/", () => {
  it("finds the imports it checks", () => {
    expect(importsOf("src/graphql").length).toBeGreaterThan(50);
    expect(importsOf("src/domain").some(into(["src/events/bus.ts"]))).toBe(true);
  });

  it("src/events holds the buses (in-process and Redis) and the stream only, and imports none of the layers that use it", () => {
    const events = readdirSync(join(src, "events")).sort();
    expect(events).toEqual(["bus.ts", "event-stream.ts", "redis-bus.ts"]);
    expect(importsOf("src/events").filter(into(["src/domain", "src/graphql", "src/rest", "src/engine"]))).toEqual([]);
  });

  it("src/domain imports no adapter (GraphQL, REST, engine, agent, server)", () => {
    const adapters = ["src/graphql", "src/rest", "src/engine", "src/agent", "src/server.ts"];
    expect(importsOf("src/domain").filter(into(adapters))).toEqual([]);
  });

  it("has no import cycle between the folders of src/, nor between the GraphQL noun folders", () => {
    expect(folderCycle((path) => path.match(/^src\/([^/]+)\//)?.[1] ?? null)).toBeNull();
    expect(folderCycle((path) => path.match(/^src\/graphql\/([^/]+)\//)?.[1] ?? null)).toBeNull();
    expect(folderCycle((path) => path.match(/^src\/graphql\/types\/([^/]+)\//)?.[1] ?? null)).toBeNull();
  });

  it("no GraphQL type file imports another for its side effects: schema.ts imports each one", () => {
    const sideEffects = sources(join(src, "graphql/types")).filter((file) =>
      /^import\s+["']/m.test(readFileSync(file, "utf8")),
    );
    expect(sideEffects).toEqual([]);
    const schema = readFileSync(join(src, "graphql/schema.ts"), "utf8");
    const typeFiles = sources(join(src, "graphql/types")).map((file) => `./${relative(join(src, "graphql"), file)}`);
    expect(typeFiles.filter((file) => !schema.includes(`import "${file.replace(/\.ts$/, ".js")}";`))).toEqual([]);
  });

  it("gives each exported type its own name: no two files of src/ export a type or interface of one name", () => {
    const where = new Map<string, string[]>();
    for (const file of sources(src)) {
      const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
      for (const statement of source.statements) {
        const named = ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement);
        if (!named || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
        where.set(statement.name.text, [...(where.get(statement.name.text) ?? []), relative(root, file)]);
      }
    }
    expect(where.size).toBeGreaterThan(300);
    expect([...where].filter(([, files]) => files.length > 1)).toEqual([]);
  });

  it("writes the web pages' markup one way: only src/web/html.ts escapes, every document is an html`` template", () => {
    const web = importsOf("src/web");
    expect(web.length).toBeGreaterThan(20);
    expect(web.filter(into(["src/text/escape-html.ts"])).map((edge) => edge.from)).toEqual(["src/web/html.ts"]);
    // A document begun in a plain string (not html`...`) would escape by hand, or not at all.
    const plain = sources(join(src, "web")).filter((file) => /(?<!html)`<!doctype/i.test(readFileSync(file, "utf8")));
    expect(plain.map((file) => relative(root, file))).toEqual([]);
  });

  it("states rules in its comments, not the issue that asked for them: no `issue N` in src/", () => {
    const naming = sources(src).filter((file) => /\bissue\s+#?\d+/i.test(readFileSync(file, "utf8")));
    expect(naming.map((file) => relative(root, file))).toEqual([]);
  });

  it("keeps every function of src/ under 100 lines: a longer one is several, each with a name", () => {
    const long = sources(src).flatMap((file) => {
      const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
      const found: string[] = [];
      const visit = (node: ts.Node) => {
        if (ts.isFunctionLike(node) && "body" in node && node.body) {
          const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
          const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
          if (last - first + 1 > 100) found.push(`${relative(root, file)}:${first + 1} (${last - first + 1} lines)`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      return found;
    });
    expect(long).toEqual([]);
  });
});
