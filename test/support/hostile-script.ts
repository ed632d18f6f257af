// A BROWSER check's script written as a tenant trying to escape would: it reports what it could
// see and reach as one `SEEN=<json>` line of its log. Its targets come as the check's variables:
// SERVICE (a listener on the service's 127.0.0.1), ALLOWED (one on 127.0.0.2, the test's
// allow-list), DB (the service's SQLite file), OTHER_RUN (another run's directory).
export const HOSTILE_SCRIPT = `import { test } from "@playwright/test";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";

const outcome = (promise) =>
  promise.then(
    (value) => ({ ok: value }),
    (error) => ({ error: String(error && error.message).split("\\n")[0] }),
  );
const status = async (response) => response.status() + " " + (await response.text()).slice(0, 200);

test("escape", async ({ page, browser }) => {
  const seen = {};
  const S = process.env.SERVICE;
  // Every process's environment and command line this script can see.
  const pids = fs.readdirSync("/proc").filter((name) => /^\\d+$/.test(name));
  seen.environHits = pids.filter((pid) => {
    try { return fs.readFileSync("/proc/" + pid + "/environ", "latin1").includes("VIGIL_TEST_CANARY"); } catch { return false; }
  });
  seen.commands = pids.map((pid) => { try { return fs.readFileSync("/proc/" + pid + "/cmdline", "utf8").split("\\0")[0]; } catch { return "?"; } });
  // The service's files and another run's.
  seen.db = await outcome(fs.promises.readFile(process.env.DB, "latin1").then((t) => t.length));
  seen.otherRun = await outcome(fs.promises.readdir(process.env.OTHER_RUN));
  // The service's listener on 127.0.0.1, every way.
  seen.nodeHttp = await outcome(new Promise((resolve, reject) => {
    http.get(S + "/node-http", (r) => { let b = ""; r.on("data", (c) => (b += c)); r.on("end", () => resolve(r.statusCode + " " + b)); }).on("error", reject);
  }));
  seen.fetch = await outcome(fetch(S + "/fetch").then(async (r) => r.status + " " + (await r.text())));
  seen.rawSocket = await outcome(new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(S).port), "127.0.0.1", () => { socket.destroy(); resolve("connected"); });
    socket.on("error", reject);
  }));
  seen.pageRequest = await outcome(page.request.get(S + "/page-request").then(status));
  const context = await browser.newContext();
  seen.newContext = await outcome(context.newPage().then((p) => p.goto(S + "/new-context")).then(status));
  seen.mapped = await outcome(page.goto(S.replace("127.0.0.1", "[::ffff:127.0.0.1]") + "/mapped").then(status));
  seen.byName = await outcome(page.goto(S.replace("127.0.0.1", "localhost") + "/by-name").then(status));
  seen.redirect = await outcome(page.goto(process.env.ALLOWED + "/redirect").then(status));
  // The allow-listed address loads through the proxy.
  seen.allowed = await outcome(page.goto(process.env.ALLOWED + "/").then(() => page.locator("h1").textContent()));
  console.log("SEEN=" + JSON.stringify(seen));
});
`;
