#!/usr/bin/env node
// Runs first in postinstall: compiles better-sqlite3 (whose own install script package.json's
// allowScripts turns off) for the Node running this, which in npm's scripts is the project's own
// (node_modules/.bin/node, bin/runtime.js), against that Node's headers: the project's Node
// package ships them, so nothing is downloaded. Always from source: better-sqlite3 12 compiled
// against Node 24.19+ headers aborts when a statement is collected (nodejs/node#65446), which a
// downloaded prebuilt binary may be; the headers used are the ones of the Node that runs it.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const pkg = `${root}node_modules/better-sqlite3`;
const built = `${pkg}/build/Release/better_sqlite3.node`;
const stamp = `${pkg}/build/vigil-node`; // the Node it was compiled for

if (existsSync(built) && existsSync(stamp) && readFileSync(stamp, "utf8") === process.version) {
  try {
    const Database = createRequire(import.meta.url)("better-sqlite3");
    new Database(":memory:").close();
    process.exit(0);
  } catch {} // built for another Node: compile again
}

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
const run = spawnSync(process.execPath, [gyp, "rebuild", "--release"], { cwd: pkg, env, stdio: "inherit" });
if (run.status !== 0) {
  console.error("build-sqlite: node-gyp failed");
  process.exit(run.status ?? 1);
}
writeFileSync(stamp, process.version);
console.error(`build-sqlite: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
