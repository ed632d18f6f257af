// bin/runtime.js: a Vigil process started by another Node re-executes itself under the project's
// own Node (node_modules/node-<platform>-<arch>), the one Vigil is tested on.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { serviceTuning, supported } from "../../../bin/runtime.js";

const repo = new URL("../../../", import.meta.url).pathname;

/** A scratch tree: bin/runtime.js, a start script, and a shell script standing in for the project's Node. */
function tree(runtime: string, execve: "default" | "null", tuning = "") {
  const root = mkdtempSync(join(tmpdir(), "vigil-runtime-"));
  const bin = join(root, `node_modules/node-${process.platform}-${process.arch}/bin`);
  mkdirSync(bin, { recursive: true });
  mkdirSync(join(root, "bin"));
  copyFileSync(join(repo, "bin/runtime.js"), join(root, "bin/runtime.js"));
  writeFileSync(join(root, "package.json"), '{ "type": "module" }\n');
  const call = `onSupportedNode(${execve === "null" ? "null" : "undefined"}${tuning ? `, ${tuning}` : ""})`;
  writeFileSync(
    join(root, "bin/start.js"),
    `import { onSupportedNode } from "./runtime.js";\nawait ${call};\nconsole.log("not re-executed");\n`,
  );
  writeFileSync(join(bin, "node"), `#!/bin/sh\n${runtime}\n`);
  chmodSync(join(bin, "node"), 0o755);
  return join(root, "bin/start.js");
}

describe("supported", () => {
  it("accepts what engines does: 22.12 and later in 22, 24 and later", () => {
    const no = ["20.20.2", "22.11.0", "v21.7.3", "23.11.0"];
    expect(no.map(supported)).toEqual(no.map(() => false));
    const yes = ["22.12.0", "v22.23.3", "24.0.0", "24.18.1", "24.19.0", "v24.21.0", "25.0.0"];
    expect(yes.map(supported)).toEqual(yes.map(() => true));
  });
});

describe("serviceTuning", () => {
  it("adds two malloc arenas and 16 MB semi-spaces unless the operator gave either", () => {
    expect(serviceTuning({}, [])).toEqual({ flags: ["--max-semi-space-size=16"], env: { MALLOC_ARENA_MAX: "2" } });
    expect(serviceTuning({ MALLOC_ARENA_MAX: "4" }, ["--max-semi-space-size=64"])).toEqual({ flags: [], env: {} });
    expect(serviceTuning({ NODE_OPTIONS: "--max-semi-space-size=8" }, [])).toEqual({
      flags: [],
      env: { MALLOC_ARENA_MAX: "2" },
    });
  });
});

describe("onSupportedNode", () => {
  it("re-executes a service under the project's Node with the tuning's flags first and its environment", () => {
    const tuning = '{ flags: ["--max-semi-space-size=16"], env: { MALLOC_ARENA_MAX: "2" } }';
    const start = tree('echo "args $* arenas $MALLOC_ARENA_MAX"', "default", tuning);
    const run = spawnSync(process.execPath, [start, "serve"], { encoding: "utf8", env: { PATH: process.env.PATH } });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`args --max-semi-space-size=16 ${start} serve arenas 2\n`);
  });

  it("re-executes the process under the project's Node with its arguments, in place, and exits with its status", () => {
    const start = tree('echo "pid $$ args $*"; exit 7', "default");
    const run = spawnSync(process.execPath, [start, "serve", "--x"], { encoding: "utf8" });
    expect(run.status).toBe(7);
    expect(run.stdout).toBe(`pid ${run.pid} args ${start} serve --x\n`);
  });

  it("without execve (Node before 22.15), runs it as a child that gets SIGTERM and whose status it returns", async () => {
    const start = tree(
      `trap 'echo "TERM"; exit 3' TERM; echo "args $*"; i=0; while [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done`,
      "null",
    );
    const child = spawn(process.execPath, [start, "serve"], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    await new Promise<void>((ready) =>
      child.stdout.on("data", (chunk) => {
        out += chunk;
        if (out.includes("args")) ready();
      }),
    );
    child.kill("SIGTERM");
    const status = await new Promise((exited) => child.on("exit", (code) => exited(code)));
    expect(status).toBe(3);
    expect(out).toBe(`args ${start} serve\nTERM\n`);
  });
});
