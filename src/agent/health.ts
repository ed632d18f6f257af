import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The agent's health endpoints (spec, Agent health endpoints): readiness is 200 once the agent has
 * reached the service and until shutdown begins, 503 otherwise; liveness and /health are 200.
 */
export async function startHealthServer(
  port: number,
  state: { ready: () => boolean },
): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    const send = (status: number, body: object) => {
      response.writeHead(status, { "content-type": "application/json; charset=utf-8", connection: "close" });
      response.end(JSON.stringify(body));
    };
    if (request.method !== "GET" && request.method !== "HEAD") return send(405, { status: "method not allowed" });
    if (path === "/-/readiness")
      return state.ready() ? send(200, { status: "ready" }) : send(503, { status: "not ready" });
    if (path === "/-/liveness") return send(200, { status: "alive" });
    if (path === "/health") return send(200, { status: "ok" });
    return send(404, { status: "not found" });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => resolve());
  });
  return { server, port: (server.address() as AddressInfo).port };
}
