import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { TEMPLATE_BOUNDS, TEMPLATE_SAMPLE, TemplateError } from "./template.js";
import type { AlertVariables } from "./variables.js";

/**
 * Webhook templates are rendered off the event loop, in one worker thread kept warm: a tenant's
 * template can then never stall the service, and one that runs past TEMPLATE_BOUNDS.timeMs is
 * ended with its thread (a new one starts for the next render). The thread imports the same
 * template module the service validates with: the compiled one, or the TypeScript one through
 * tsx when the service runs from its sources (as bin/entry.js does).
 */
const threadSource = `
const { parentPort, workerData } = require("node:worker_threads");
(async () => {
  if (workerData.tsx) {
    (await import(workerData.tsx)).register();
  }
  const { compileTemplate } = await import(workerData.module);
  parentPort.on("message", ({ source, variables }) => {
    try {
      const render = compileTemplate(source);
      parentPort.postMessage({ compiled: true });
      parentPort.postMessage({ body: render(variables) });
    } catch (error) {
      parentPort.postMessage({ error: String(error && error.message) });
    }
  });
  parentPort.postMessage({ ready: true });
})();
`;

/** tsx's ESM API (its CommonJS build cannot register hooks from a worker): from its exports map. */
function tsxApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("tsx/package.json");
  const entry = (require(manifest) as { exports: Record<string, { import: { default: string } }> }).exports[
    "./esm/api"
  ];
  return pathToFileURL(join(dirname(manifest), entry!.import.default)).href;
}

const fromSources = import.meta.url.endsWith(".ts");
const workerData = {
  module: new URL(`./template.${fromSources ? "ts" : "js"}`, import.meta.url).href,
  tsx: fromSources ? tsxApi() : null,
};

type Job = { source: string; variables: AlertVariables; resolve: (body: string) => void; reject: (e: Error) => void };
const queue: Job[] = [];
let thread: { worker: Worker; ready: boolean } | null = null;
let current: { job: Job; timer: NodeJS.Timeout } | null = null;

function start() {
  const worker = new Worker(threadSource, {
    eval: true,
    workerData,
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
  });
  const started = { worker, ready: false };
  worker.unref(); // a warm thread never keeps the process alive
  worker.on("message", (message: { ready?: true; compiled?: true; body?: string; error?: string }) => {
    if (message.ready) started.ready = true;
    else if (message.compiled) return void (current && limit(current, TEMPLATE_BOUNDS.timeMs * 2));
    else if (current) {
      const { job, timer } = current;
      clearTimeout(timer);
      current = null;
      if (message.error !== undefined) job.reject(new TemplateError(message.error));
      else job.resolve(message.body ?? "");
    }
    next();
  });
  const lost = (error: Error) => {
    if (thread?.worker !== worker) return;
    thread = null;
    const failure = new TemplateError(`template: rendering failed (${error.message})`);
    // A thread that never started would fail again: the renders waiting fail with it.
    if (!started.ready) for (const job of queue.splice(0)) job.reject(failure);
    finish(failure);
  };
  worker.on("error", lost);
  worker.on("exit", (code) => lost(new Error(`the thread exited with ${code}`)));
  return started;
}

function finish(error: TemplateError) {
  if (current) {
    clearTimeout(current.timer);
    current.job.reject(error);
    current = null;
  }
  next();
}

function next() {
  if (current || queue.length === 0) return;
  thread ??= start();
  if (!thread.ready) return; // its ready message calls next() again; start-up is not the render's time
  const job = queue.shift()!;
  current = limit({ job, timer: undefined }, COMPILE_LIMIT_MS);
  thread.worker.postMessage({ source: job.source, variables: job.variables });
}

/**
 * Parsing and code generation take up to about a second for a 64 KiB template (bounded by that
 * size); the render then stops itself at timeMs, and a thread still busy at twice that (the
 * message's way back included) is ended.
 */
const COMPILE_LIMIT_MS = 5_000;

function limit(render: { job: Job; timer: NodeJS.Timeout | undefined }, ms: number) {
  clearTimeout(render.timer);
  const worker = thread?.worker;
  render.timer = setTimeout(() => {
    thread = null;
    void worker?.terminate();
    finish(new TemplateError(`template: rendering took over ${TEMPLATE_BOUNDS.timeMs} ms`));
  }, ms);
  return render as { job: Job; timer: NodeJS.Timeout };
}

/** Renders a webhook template within TEMPLATE_BOUNDS, off the event loop (rejects with TemplateError). */
export function renderTemplate(source: string, variables: AlertVariables): Promise<string> {
  return new Promise((resolve, reject) => {
    queue.push({ source, variables, resolve, reject });
    next();
  });
}

/**
 * Throws TemplateError when `source` does not parse, names something that is not a variable, or
 * breaks a bound on the decided sample. Off the event loop like a delivery: parsing and code
 * generation alone take hundreds of milliseconds for a 64 KiB template.
 */
export async function checkTemplate(source: string): Promise<void> {
  await renderTemplate(source, TEMPLATE_SAMPLE);
}
