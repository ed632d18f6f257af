import { mkdir, symlink, writeFile } from "node:fs/promises";
import { dirname, join, normalize, relative, resolve, sep } from "node:path";
import { packagePath, PROXY_URL } from "../../sandbox/index.js";
import { ProjectError } from "./test-command.js";
import { FIXTURE_PACKAGE, fixtureEsm, fixtureSource } from "./fixture-source.js";

/** Packages a script may import besides @playwright/test (linked to the sandbox's, or the service's, copy). */
const LINKED = ["playwright", "playwright-core"];

/**
 * Chromium's flags on these machines (docs/stack.md): no sandbox as root, no background network
 * (hosts this machine cannot reach), no GPU, no /dev/shm. Every launch uses them: browser checks,
 * agentic checks and the tests' own browser.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** CHROMIUM_ARGS with a heap limit for the pages' JavaScript. */
export function chromiumArgs(memoryMb: number): string[] {
  return [...CHROMIUM_ARGS, `--js-flags=--max-old-space-size=${memoryMb}`];
}

export type ProjectFile = { path: string; content: string };
export type RunLayout = {
  dir: string;
  config: string;
  report: string;
  pages: string;
  output: string;
};

/** A project file's path inside `root`, or null when it would leave it (`../`, absolute). */
export function insideRoot(root: string, path: string): string | null {
  const target = resolve(root, normalize(path));
  return target.startsWith(root + sep) && !relative(root, target).startsWith("..") ? target : null;
}

/**
 * Lays out one run's directory: the instrumented @playwright/test (fixture-source.ts) and links
 * to playwright's packages (as the sandbox binds them), the test files, and a config: Debian's
 * Chromium with our flags (in the sandbox: every request through the proxy, loopback included), a JSON report to a file, trace on, screenshot on failure, one worker, no retries
 * (the tries loop retries), the run's limit as Playwright's own timeouts. A project that brings a
 * playwright.config.* is loaded by our config and overridden on those points only.
 */
export async function layOut(
  dir: string,
  options: {
    files: ProjectFile[];
    ownConfig: string | null;
    chromiumPath: string;
    memoryMb: number;
    timeoutMs: number;
    /** In bwrap (paths and the proxy as the sandbox has them), or SCRIPT_SANDBOX=off. */
    sandboxed: boolean;
    testDir: string;
  },
): Promise<RunLayout> {
  const layout: RunLayout = {
    dir,
    config: join(dir, "vigil.config.ts"),
    report: join(dir, "report.json"),
    pages: join(dir, "pages.jsonl"),
    output: join(dir, "test-results"),
  };
  const shim = join(dir, "node_modules", "@playwright", "test");
  await mkdir(shim, { recursive: true });
  await writeFile(join(shim, "package.json"), FIXTURE_PACKAGE);
  await writeFile(join(shim, "index.js"), fixtureSource({ pagesFile: layout.pages, sandboxed: options.sandboxed }));
  await writeFile(join(shim, "index.mjs"), fixtureEsm(options.sandboxed));
  for (const name of LINKED)
    await symlink(packagePath(name, options.sandboxed), join(dir, "node_modules", name), "dir");
  for (const file of options.files) {
    const target = insideRoot(dir, file.path);
    if (!target) throw new ProjectError(`the project file ${file.path} is outside the project`);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.content);
  }
  await writeFile(layout.pages, "");
  const launchOptions = {
    executablePath: options.chromiumPath,
    args: chromiumArgs(options.memoryMb),
    ...(options.sandboxed ? { proxy: { server: PROXY_URL, bypass: "<-loopback>" } } : {}),
  };
  const ours = {
    workers: 1,
    retries: 0,
    timeout: options.timeoutMs,
    globalTimeout: options.timeoutMs,
    outputDir: layout.output,
    preserveOutput: "always",
    reporter: [["list"], ["json", { outputFile: layout.report }]],
  };
  const use = { trace: "on", screenshot: "only-on-failure", launchOptions };
  const config = options.ownConfig
    ? `import base from ${JSON.stringify(`./${options.ownConfig.replace(/\.(ts|js|mjs|cjs|mts|cts)$/, "")}`)};
const launch = ${JSON.stringify(use)};
export default {
  ...base,
  ...${JSON.stringify(ours)},
  use: { ...(base.use ?? {}), ...launch },
  // Only when the project names some: an empty list would leave Playwright no project to run.
  ...(base.projects
    ? { projects: base.projects.map((project) => ({ ...project, use: { ...(project.use ?? {}), ...launch } })) }
    : {}),
};
`
    : `export default ${JSON.stringify({ ...ours, testDir: options.testDir, use }, null, 2)};\n`;
  await writeFile(layout.config, config);
  return layout;
}
