#!/usr/bin/env node
// Compiles src/ into dist/ (`npm run build`; also run by postinstall after the Prisma clients are
// generated), then writes dist/.built: bin/entry.js runs dist/ only while that stamp is newer than
// every file under src/. Without TypeScript (an install that omits dev dependencies) it says so and
// leaves the sources to run through tsx. Then it builds the operator app (scripts/build-app.js).
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { buildApp } from "./build-app.js";

const root = new URL("..", import.meta.url).pathname;
const tsc = `${root}node_modules/typescript/bin/tsc`;
if (!existsSync(tsc)) {
  console.error("build: typescript is not installed; vigil will run its sources through tsx");
  process.exit(buildApp(root));
}
const started = Date.now();
const run = spawnSync(process.execPath, [tsc, "-p", `${root}tsconfig.build.json`], { cwd: root, stdio: "inherit" });
if (run.status !== 0) {
  console.error("build: tsc failed");
  process.exit(run.status ?? 1);
}
writeFileSync(`${root}dist/.built`, `${new Date().toISOString()}\n`);
console.error(
  `build: compiled src/ into dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s on Node ${process.version}`,
);
process.exit(buildApp(root));
