// Re-takes the README's screenshots (docs/images/*.png): a real `vigil serve` on a throw-away
// SQLite file, a few API checks against a local receiver (one failing), a status page with an
// open incident, then Debian's Chromium at 1280x800. Run: `npx tsx scripts/screenshots.ts`.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const root = new URL("../", import.meta.url).pathname;
const out = join(root, "docs/images");
const dir = mkdtempSync(join(tmpdir(), "vigil-screenshots-"));
const apiKey = `vg_${randomBytes(24).toString("hex")}`;

/** The checks' targets: /ok answers 200 in a few milliseconds, /broken 503. */
const receiver = createServer((request, response) => {
  response.statusCode = request.url === "/broken" ? 503 : 200;
  setTimeout(() => response.end("ok"), request.url === "/slow" ? 180 : 15);
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address() as AddressInfo;
    probe.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const server: ChildProcess = spawn(process.execPath, [join(root, "bin/vigil.js"), "serve"], {
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${join(dir, "vigil.db")}`,
    ARTIFACTS_DIR: join(dir, "artifacts"),
    VIGIL_ACCOUNT_ID: "screenshots",
    VIGIL_API_KEY: apiKey,
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

try {
  for (let i = 0; ; i++) {
    if (i > 120) throw new Error("vigil serve did not become ready");
    if ((await fetch(`${base}/-/readiness`).catch(() => null))?.status === 200) break;
    await sleep(500);
  }
  const checks = [
    ["Homepage", "/ok", ["eu-west-1", "us-east-1"]],
    ["Checkout API", "/broken", ["eu-west-1"]],
    ["Search API", "/slow", ["eu-central-1"]],
    ["Login", "/ok", ["us-west-1"]],
  ] as const;
  for (const [name, path, locations] of checks) {
    await post("/v1/checks/api", {
      name,
      locations,
      frequency: 0,
      frequencyOffset: 10,
      degradedResponseTime: 150,
      request: { method: "GET", url: `${target}${path}` },
    });
  }
  const service = await post<{ id: string }>("/v1/status-pages/services", { name: "Checkout" });
  const other = await post<{ id: string }>("/v1/status-pages/services", { name: "Website" });
  await post("/v1/status-pages", {
    name: "Acme status",
    url: "acme",
    cards: [{ name: "Services", services: [{ id: other.id }, { id: service.id }] }],
  });
  await post("/v1/status-pages/incidents", {
    name: "Checkout errors",
    severity: "MAJOR",
    services: [{ id: service.id }],
    incidentUpdates: [{ description: "Payments fail for some customers; we are looking into it." }],
  });
  // A few rounds of runs, so that every check has a state and the failing one has failed again.
  await sleep(35_000);

  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "light" });
  await page.goto(`${base}/sign-in`);
  await page.getByLabel("API key").fill(apiKey);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Overview" }).waitFor();
  await page.goto(`${base}/checks`);
  await page.getByText("Checkout API").first().waitFor();
  await sleep(1_000);
  await page.screenshot({ path: join(out, "app-checks.png") });
  await page.goto(`${base}/status/acme`);
  await page.getByText("Checkout errors").first().waitFor();
  await page.screenshot({ path: join(out, "status-page.png") });
  await browser.close();
  console.log(`written: ${join(out, "app-checks.png")}, ${join(out, "status-page.png")}`);
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  receiver.close();
  rmSync(dir, { recursive: true, force: true });
}
