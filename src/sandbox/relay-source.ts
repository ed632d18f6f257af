import { SANDBOX_UID } from "./bwrap.js";

/** The port the proxy has inside every sandbox (its network is its own: no other listener there). */
export const PROXY_PORT = 3128;
export const PROXY_URL = `http://127.0.0.1:${PROXY_PORT}`;

/**
 * The first code a sandboxed run executes (node, no dependency). Started as root (bwrap.ts), it
 * becomes `nobody` (no group, no capability left) before anything else, then takes the check's
 * variables from `VIGIL_ENV_FILE` (launch.ts says why). Inside only loopback
 * exists, so it listens on 127.0.0.1:PROXY_PORT and pipes each connection to the service's
 * filtering proxy (proxy.ts) on the Unix socket `VIGIL_PROXY_SOCKET` bound into the run's
 * directory; then it runs the real entry (argv[2]) in this same process, which saves a process
 * per run. The listener is unref'd: it never keeps the run alive.
 */
export const RELAY_SOURCE = `"use strict";
if (process.getuid() === 0) {
  process.setgroups([]);
  process.setgid(${SANDBOX_UID});
  process.setuid(${SANDBOX_UID});
}
const fs = require("node:fs");
const net = require("node:net");
const socketPath = process.env.VIGIL_PROXY_SOCKET;
const envFile = process.env.VIGIL_ENV_FILE;
delete process.env.VIGIL_PROXY_SOCKET;
delete process.env.VIGIL_ENV_FILE;
// The check's variables, now that no privilege is left; the sandbox's own settings win.
for (const [name, value] of Object.entries(JSON.parse(fs.readFileSync(envFile, "utf8"))))
  if (!(name in process.env)) process.env[name] = value;
fs.unlinkSync(envFile);
const server = net.createServer((client) => {
  const upstream = net.connect(socketPath);
  const end = () => { client.destroy(); upstream.destroy(); };
  client.on("error", end);
  upstream.on("error", end);
  client.on("close", end);
  upstream.on("close", end);
  client.pipe(upstream);
  upstream.pipe(client);
});
server.on("error", (error) => { console.error("vigil relay: " + error.message); process.exit(70); });
server.listen(${PROXY_PORT}, "127.0.0.1", () => {
  server.unref();
  const entry = process.argv[2];
  process.argv.splice(1, 2, entry);
  require(entry);
});
`;
