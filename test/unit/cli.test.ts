// The `vigil` command without a database: usage errors, and the checks `npm test` runs first.
import { spawnSync } from "node:child_process";
import { mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const node = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(process.execPath, args, { cwd: root, env, encoding: "utf8" });

describe("vigil with no command", () => {
  it("prints the usage on stderr and exits 2, starting nothing", () => {
    const run = node(["bin/vigil.js"], { ...process.env, DATABASE_URL: "file:/nonexistent/dir/never.db" });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^vigil: a command is needed\nusage: vigil <command>/);
    expect(run.stderr).toContain("accounts create --name NAME");
  });

  it("names an unknown command and exits 2", () => {
    const run = node(["bin/vigil.js", "serv"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^vigil: unknown command 'serv'/);
  });
});

describe("npm test's prerequisites (scripts/test-prerequisites.js)", () => {
  it("passes when the Debian packages are there", () => {
    const run = node(["scripts/test-prerequisites.js"]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe("");
  });

  it("stops at once with the exact apt-get command when a package is missing and it cannot install", () => {
    // A PATH holding only node: no ping, no apt-get.
    const bin = mkdtempSync(join(tmpdir(), "vigil-path-"));
    symlinkSync(process.execPath, join(bin, "node"));
    const run = node(["scripts/test-prerequisites.js"], { PATH: bin });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("npm test needs Debian's iputils-ping");
    expect(run.stderr).toContain("sudo apt-get update && sudo apt-get install -y --no-install-recommends iputils-ping");
  });
});
