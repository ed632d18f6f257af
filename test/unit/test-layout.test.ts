// Where a newcomer finds a test: integration tests in one folder per feature (the noun src/domain
// uses) or per cross-cutting topic, unit tests at the path of the source they test. Its own file
// rather than a part of layout.test.ts, which is about src/.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const isDir = (path: string) => statSync(path).isDirectory();
const folders = (dir: string) => readdirSync(dir).filter((name) => isDir(join(dir, name)));

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (isDir(path)) return testFiles(path);
    return name.endsWith(".test.ts") ? [relative(join(root, "test/unit"), path)] : [];
  });
}

/** Cross-cutting integration topics that are no folder of src/ (the others are: engine, graphql, http...). */
const TOPICS = ["cli", "cluster", "openapi", "operator-app", "shutdown"];
/** Unit tests of the repository as a whole, at the root of test/unit/. */
const REPOSITORY_CHECKS = [
  "compiled-entry",
  "containers",
  "docs-links",
  "generated-files",
  "layout",
  "npm-start",
  "test-layout",
];

/**
 * Whether a unit test at `dir/name.test.ts` mirrors a source: `name`, or `name` cut before one of
 * its dashes (`sandbox-hostile-script` tests `sandbox.ts`), is a file of src/dir, of dir in the
 * repository (bench/, scripts/) or of test/dir (the test helpers).
 */
function mirrorsASource(file: string): boolean {
  const [dir, name] = [file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "", file.split("/").pop()!];
  const base = name.replace(/\.test\.ts$/, "");
  const parts = base.split("-");
  const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join("-"));
  return prefixes.some((prefix) =>
    ["src", "", "test"].some((top) =>
      [".ts", ".js"].some((ext) => existsSync(join(root, top, dir, `${prefix}${ext}`))),
    ),
  );
}

describe("the layout of test/", () => {
  const integration = join(root, "test/integration");

  it("keeps no integration test at the root of test/integration/, nor a folder inside a folder", () => {
    expect(readdirSync(integration).filter((name) => !isDir(join(integration, name)))).toEqual([]);
    expect(folders(integration).flatMap((folder) => folders(join(integration, folder)))).toEqual([]);
  });

  it("names each integration folder after a feature of src/domain, a part of src/ or a known topic", () => {
    const known = new Set([
      ...folders(join(root, "src/domain")),
      ...readdirSync(join(root, "src")).map((name) => name.replace(/\.ts$/, "")),
      ...TOPICS,
    ]);
    expect(folders(integration).length).toBeGreaterThan(20);
    expect(folders(integration).filter((folder) => !known.has(folder))).toEqual([]);
  });

  it("names each unit test after the source it tests, at that source's path", () => {
    const files = testFiles(join(root, "test/unit"));
    expect(files.length).toBeGreaterThan(50);
    const repositoryChecks = files.filter((file) => REPOSITORY_CHECKS.includes(file.replace(/\.test\.ts$/, "")));
    expect(repositoryChecks.length).toBe(REPOSITORY_CHECKS.length);
    expect(files.filter((file) => !repositoryChecks.includes(file) && !mirrorsASource(file))).toEqual([]);
  });
});
