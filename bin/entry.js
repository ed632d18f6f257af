// Loads one of Vigil's entry modules. `npm install` compiles src/ into dist/ (scripts/build.js);
// the compiled JavaScript starts several times faster than the TypeScript sources through tsx.
// When dist/ is missing or older than any file under src/ (an edit since the last build), the
// sources run through tsx instead, so an edit is never silently ignored: `npm run build` makes
// the fast path current again.
import { existsSync, readdirSync, statSync } from "node:fs";

const root = new URL("../", import.meta.url);
const stamp = new URL("dist/.built", root);

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    const time = entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

function builtIsCurrent() {
  if (!existsSync(stamp)) return false;
  return statSync(stamp).mtimeMs >= newestChange(new URL("src", root).pathname);
}

/** Imports `dist/<name>.js` when current, else `src/<name>.ts` through tsx. */
export async function load(name) {
  if (builtIsCurrent()) return import(new URL(`dist/${name}.js`, root).href);
  const { register } = await import("tsx/esm/api");
  register();
  return import(new URL(`src/${name}.ts`, root).href);
}
