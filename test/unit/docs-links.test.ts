// Every relative link of the README and the documents points at a file that exists, and a link to
// a heading (`file.md#heading`) at a heading that exists: moved or renamed documents break no link.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const documents = [
  "README.md",
  "bench/README.md",
  "app/README.md",
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** The text outside fenced code blocks, where links are links. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, "");

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

const anchorsOf = (file: string) =>
  new Set([...prose(readFileSync(file, "utf8")).matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchor(m[1]!)));

function brokenLinks(document: string, markdown = readFileSync(join(root, document), "utf8")): string[] {
  const text = prose(markdown);
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].flatMap(([, target]) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) return [];
    const [path, fragment] = target!.split("#") as [string, string | undefined];
    const file = path === "" ? join(root, document) : join(root, dirname(document), path);
    if (!existsSync(file)) return [`${document}: ${target} (no file ${relative(root, file)})`];
    if (fragment && file.endsWith(".md") && !anchorsOf(file).has(fragment))
      return [`${document}: ${target} (no heading #${fragment})`];
    return [];
  });
}

describe("links in the README and docs/", () => {
  it("reads the documents it checks", () => {
    expect(documents).toContain("docs/configuration.md");
    expect(documents.flatMap((d) => [...readFileSync(join(root, d), "utf8").matchAll(/\]\(/g)]).length).toBeGreaterThan(
      30,
    );
  });

  it("points every relative link at an existing file and heading", () => {
    expect(documents.flatMap((document) => brokenLinks(document))).toEqual([]);
  });

  it("finds a missing file and a missing heading, and leaves URLs and code alone", () => {
    const markdown = [
      "[ok](operations.md#redis) [gone](nowhere.md) [bad](operations.md#no-such-heading)",
      "[web](https://example.com/x.md) [self](#configuration)",
      "```sh\n[code](missing.md)\n```",
    ].join("\n");
    expect(brokenLinks("docs/configuration.md", markdown)).toEqual([
      "docs/configuration.md: nowhere.md (no file docs/nowhere.md)",
      "docs/configuration.md: operations.md#no-such-heading (no heading #no-such-heading)",
    ]);
  });
});
