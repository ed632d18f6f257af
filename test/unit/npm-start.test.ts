// `npm start` under a process manager: SIGTERM to npm must stop the server, not orphan it.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../support/postgres-server.js";

const root = new URL("../../", import.meta.url).pathname;

async function waitFor(check: () => Promise<boolean>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const status = (url: string) =>
  fetch(url).then(
    (r) => r.status,
    () => null,
  );

describe("npm start", () => {
  it("passes SIGTERM to the server, which drains and exits, leaving nothing listening", async () => {
    const port = await freePort();
    const databaseUrl = `file:${join(mkdtempSync(join(tmpdir(), "vigil-npm-start-")), "vigil.db")}`;
    const npm = spawn("npm", ["start", "--silent"], {
      cwd: root,
      env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    npm.stdout.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
    const readiness = `http://127.0.0.1:${port}/-/readiness`;
    await waitFor(async () => (await status(readiness)) === 200, "readiness");

    npm.kill("SIGTERM");
    await exited;
    await waitFor(async () => (await status(readiness)) === null, "the port to close");
    await waitFor(async () => output.includes('"msg":"stopped"'), "the server's last log line");
    expect(output).toContain('"signal":"SIGTERM"');
  });
});
