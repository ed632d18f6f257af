// Builds the operator app (app/) into app/dist/: relay-compiler generates its artifacts from
// schema.graphql (they are not committed), then Vite bundles it. Run by scripts/build.js, so by
// `npm install` and `npm run build`. Without the app's build tools (an install that omits dev
// dependencies) it says so: `vigil serve` then has no app to serve at /.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";

export function buildApp(root) {
  const app = `${root}app/`;
  const relay = `${root}node_modules/relay-compiler/cli.js`;
  const vite = `${root}node_modules/vite/bin/vite.js`;
  if (!existsSync(relay) || !existsSync(vite)) {
    console.error("build: the app's build tools are not installed; app/dist/ is not built");
    return 0;
  }
  const started = Date.now();
  // relay-compiler refuses to start when its artifact directory is missing.
  mkdirSync(`${app}src/__generated__`, { recursive: true });
  for (const [name, args] of [
    ["relay-compiler", [relay]],
    ["vite", [vite, "build", "--logLevel", "warn"]],
  ]) {
    const run = spawnSync(process.execPath, args, { cwd: app, stdio: "inherit" });
    if (run.status !== 0) {
      console.error(`build: ${name} failed for the app`);
      return run.status ?? 1;
    }
  }
  console.error(`build: built the app into app/dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}
