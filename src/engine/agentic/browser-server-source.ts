import { packagePath, PROXY_URL } from "../../sandbox/index.js";

/** What the browser server prints once it listens: this, then the WebSocket path. */
export const ENDPOINT_LINE = "VIGIL_AGENT_BROWSER ";

/**
 * The agent's browser server, written into the run's directory and run in the sandbox: Chromium
 * under a Playwright browser server on the sandbox's own 127.0.0.1 (every request through the
 * proxy when sandboxed, loopback included), exposed to the service on the Unix socket
 * `argv[4]` in the run's directory; it prints the server's WebSocket path. Nothing of the model
 * (endpoint, key) ever reaches this process or the page.
 * argv: the Chromium executable, Chromium's flags as JSON, the socket's path.
 */
export function browserServerSource(sandboxed: boolean): string {
  const proxy = sandboxed ? { server: PROXY_URL, bypass: "<-loopback>" } : undefined;
  return `"use strict";
const net = require("node:net");
const { chromium } = require(${JSON.stringify(packagePath("playwright-core", sandboxed))});
const [executablePath, flags, socketPath] = process.argv.slice(2);
const proxy = ${JSON.stringify(proxy ?? null)};
chromium
  .launchServer({ executablePath, headless: true, args: JSON.parse(flags), host: "127.0.0.1", port: 0, ...(proxy ? { proxy } : {}) })
  .then((server) => {
    const endpoint = new URL(server.wsEndpoint());
    const expose = net.createServer((client) => {
      const upstream = net.connect(Number(endpoint.port), "127.0.0.1");
      const end = () => { client.destroy(); upstream.destroy(); };
      for (const socket of [client, upstream]) { socket.on("error", end); socket.on("close", end); }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    expose.listen(socketPath, () => process.stdout.write(${JSON.stringify(ENDPOINT_LINE)} + endpoint.pathname + "\\n"));
  })
  .catch((error) => {
    process.stdout.write(String(error && error.message).split("\\n")[0] + "\\n");
    process.exit(2);
  });
`;
}
