// The scripts' filtering proxy (src/sandbox/proxy.ts) on its Unix socket, with real listeners on
// 127.0.0.1 (refused under the guard) and 127.0.0.2 (the test's allow-list).
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressRuleFor } from "../../../src/net/address-rule.js";
import { type FilteringProxy, startFilteringProxy } from "../../../src/sandbox/proxy.js";

const seen: { server: string; url: string; host: string }[] = [];
const servers: Server[] = [];
let dir = "";
let loopback = 0;
let allowed = 0;

async function origin(host: string): Promise<number> {
  const server = createServer((req, res) => {
    seen.push({ server: host, url: req.url ?? "", host: req.headers.host ?? "" });
    res.end(`hello from ${host}`);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "vigil-proxy-test-"));
  loopback = await origin("127.0.0.1");
  allowed = await origin("127.0.0.2");
});
afterAll(async () => {
  for (const server of servers) server.close();
  await rm(dir, { recursive: true, force: true });
});

const guarded = addressRuleFor({ blockPrivateTargets: true, privateTargetsAllow: ["127.0.0.2/32"] });
let n = 0;
async function proxy(rule = guarded): Promise<FilteringProxy & { socketPath: string }> {
  const socketPath = join(dir, `proxy-${++n}.sock`);
  return { ...(await startFilteringProxy(socketPath, rule)), socketPath };
}

/** A plain-HTTP request through the proxy (absolute URL): status and body. */
const forward = (socketPath: string, url: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    request({ socketPath, path: url, headers: URL.canParse(url) ? { host: new URL(url).host } : {} }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on("error", reject)
      .end();
  });

/** A CONNECT through the proxy: its status and, when 200, the tunnel. */
const tunnel = (socketPath: string, target: string) =>
  new Promise<{ status: number; body: string; socket: Socket }>((resolve, reject) => {
    request({ socketPath, method: "CONNECT", path: target })
      .on("connect", (res, socket: Socket, head: Buffer) => {
        let body = head.toString();
        if (res.statusCode === 200) return resolve({ status: 200, body, socket });
        socket.on("data", (c) => (body += c)).on("end", () => resolve({ status: res.statusCode ?? 0, body, socket }));
      })
      .on("error", reject)
      .end();
  });

describe("the scripts' filtering proxy", () => {
  it("forwards plain HTTP to an allowed address, keeping the Host header; refuses 127.0.0.1, by address or by name, with a 403 saying why", async () => {
    const p = await proxy();
    try {
      expect(await forward(p.socketPath, `http://127.0.0.2:${allowed}/page?x=1`)).toEqual({
        status: 200,
        body: "hello from 127.0.0.2",
      });
      expect(seen.at(-1)).toEqual({ server: "127.0.0.2", url: "/page?x=1", host: `127.0.0.2:${allowed}` });
      const before = seen.length;
      for (const url of [
        `http://127.0.0.1:${loopback}/`,
        `http://[::ffff:127.0.0.1]:${loopback}/`,
        `http://localhost:${loopback}/`,
      ]) {
        const answer = await forward(p.socketPath, url);
        expect(answer.status, url).toBe(403);
        expect(answer.body).toMatch(
          /^refused: .* is or resolves to a private, loopback or link-local address \(BLOCK_PRIVATE_TARGETS\)/,
        );
      }
      expect(seen.length).toBe(before);
      expect(p.refusals).toHaveLength(3);
    } finally {
      await p.close();
    }
  });

  it("tunnels CONNECT to an allowed address and refuses one to 127.0.0.1 before connecting", async () => {
    const p = await proxy();
    try {
      const open = await tunnel(p.socketPath, `127.0.0.2:${allowed}`);
      expect(open.status).toBe(200);
      const reply = await new Promise<string>((resolve) => {
        let text = "";
        open.socket.on("data", (c) => (text += c)).on("end", () => resolve(text));
        open.socket.write(`GET /tunnelled HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      });
      expect(reply).toMatch(/^HTTP\/1\.1 200[\s\S]*hello from 127\.0\.0\.2$/);
      const before = seen.length;
      const refused = await tunnel(p.socketPath, `[::ffff:7f00:1]:${loopback}`);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatch(/refused: ::ffff:7f00:1 .*BLOCK_PRIVATE_TARGETS/);
      expect(seen.length).toBe(before);
    } finally {
      await p.close();
    }
  });

  it("lets everything through without the guard (an agent), and ends open tunnels when closed", async () => {
    const p = await proxy(addressRuleFor({ blockPrivateTargets: false, privateTargetsAllow: [] }));
    expect((await forward(p.socketPath, `http://127.0.0.1:${loopback}/`)).status).toBe(200);
    const open = await tunnel(p.socketPath, `127.0.0.1:${loopback}`);
    expect(open.status).toBe(200);
    const closed = new Promise((resolve) => open.socket.once("close", resolve));
    await p.close();
    await closed;
    expect(p.refusals).toEqual([]);
  });

  it("answers a request that is not an absolute http:// URL with an error, never connecting", async () => {
    const p = await proxy();
    try {
      const answer = await forward(p.socketPath, "/relative");
      expect(answer).toEqual({ status: 502, body: "only absolute http:// URLs are forwarded; use CONNECT\n" });
    } finally {
      await p.close();
    }
  });
});
