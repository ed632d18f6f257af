// bin/entry.js runs the compiled dist/ only while it is current, else the sources through tsx.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";

const repo = new URL("../../", import.meta.url).pathname;
let root: string;

/** A copy of bin/entry.js in a scratch tree whose dist/ and src/ each hold a module saying where it came from. */
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "vigil-entry-"));
  for (const dir of ["bin", "dist", "src/nested"]) mkdirSync(join(root, dir), { recursive: true });
  copyFileSync(join(repo, "bin/entry.js"), join(root, "bin/entry.js"));
  symlinkSync(join(repo, "node_modules"), join(root, "node_modules"));
  writeFileSync(join(root, "package.json"), '{ "type": "module" }\n');
  writeFileSync(join(root, "dist/probe.js"), 'console.log("dist");\n');
  writeFileSync(join(root, "src/probe.ts"), 'const from: string = "src";\nconsole.log(from);\n');
  writeFileSync(join(root, "src/nested/other.ts"), "export {};\n");
  writeFileSync(join(root, "bin/run.js"), 'import { load } from "./entry.js";\nawait load("probe");\n');
});

const at = (path: string, seconds: number) => utimesSync(join(root, path), seconds, seconds);
const ran = () => spawnSync(process.execPath, [join(root, "bin/run.js")], { encoding: "utf8" }).stdout.trim();

describe("bin/entry.js", () => {
  it("runs dist/ when its build stamp is newer than every source file", () => {
    at("src/probe.ts", 1_000);
    at("src/nested/other.ts", 1_000);
    writeFileSync(join(root, "dist/.built"), "");
    at("dist/.built", 2_000);
    expect(ran()).toBe("dist");
  });

  it("runs the sources when any file under src/ changed after the build, however deep", () => {
    at("src/probe.ts", 1_000);
    writeFileSync(join(root, "dist/.built"), "");
    at("dist/.built", 2_000);
    at("src/nested/other.ts", 3_000);
    expect(ran()).toBe("src");
  });

  it("runs the sources when nothing was built", () => {
    expect(ran()).toBe("src");
  });
});
