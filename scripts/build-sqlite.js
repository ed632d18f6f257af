#!/usr/bin/env node
// Runs first in postinstall: makes sure better-sqlite3 loads on the Node running this, which in
// npm's scripts is the project's own (node_modules/.bin/node, bin/runtime.js). better-sqlite3 13
// is a Node-API module and ships prebuilt binaries inside its npm package (prebuilds/, for Linux
// glibc and musl, macOS and Windows on x64 and arm64), which load on every Node it supports: then
// nothing is compiled. Elsewhere, or when that binary cannot load, it is compiled from source
// (python3, make, g++) against the headers beside this Node; better-sqlite3 loads build/Release
// before its prebuild.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const pkg = `${root}node_modules/better-sqlite3`;

/** Opens a database in a fresh Node (a failed native load stays cached in a process): null, or why not. */
function loadFailure() {
  const probe = "require('better-sqlite3')(':memory:').prepare('select 1').get()";
  const run = spawnSync(process.execPath, ["-e", probe], { cwd: root, encoding: "utf8" });
  if (run.status === 0) return null;
  const lines = run.stderr.trim().split("\n");
  return (lines.find((line) => /Error/.test(line)) ?? lines[0]).trim();
}

const failure = loadFailure();
if (!failure) process.exit(0);
console.error(`build-sqlite: better-sqlite3 does not load on Node ${process.version}: ${failure}`);

// The headers beside this Node (<prefix>/include/node) when they are its own; else node-gyp
// fetches them for its version.
const prefix = join(dirname(realpathSync(process.execPath)), "..");
const header = join(prefix, "include/node/node_version.h");
const version = existsSync(header) ? readFileSync(header, "utf8") : "";
const own = [/NODE_MAJOR_VERSION (\d+)/, /NODE_MINOR_VERSION (\d+)/, /NODE_PATCH_VERSION (\d+)/]
  .map((re) => re.exec(version)?.[1])
  .join(".");
// node-gyp takes npm's `nodedir` setting (from npm_config_nodedir) over its own --nodedir.
const env = `v${own}` === process.version ? { ...process.env, npm_config_nodedir: prefix } : process.env;
const gyp = process.env.npm_config_node_gyp;
if (!gyp) {
  console.error("build-sqlite: run through npm (npm install, npm rebuild): npm_config_node_gyp is not set");
  process.exit(1);
}
const started = Date.now();
console.error(`build-sqlite: compiling better-sqlite3 for Node ${process.version} (python3, make, g++)`);
// force_build: its binding.gyp builds nothing when a prebuild for the platform exists.
const args = [gyp, "rebuild", "--release", "--force_build=1"];
const run = spawnSync(process.execPath, args, { cwd: pkg, env, stdio: "inherit" });
const after = run.status === 0 ? loadFailure() : "node-gyp failed";
if (after) {
  console.error(`build-sqlite: ${after}`);
  process.exit(run.status || 1);
}
console.error(`build-sqlite: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
