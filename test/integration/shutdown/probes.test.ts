// Issue 25, point 13: a load balancer's readiness probes do not hold a shutdown's drain.
import { request as httpRequest, Agent as HttpAgent } from "node:http";
import { describe, expect, it } from "vitest";
import { emptyDatabaseUrl, testProvider } from "../../support/database.js";
import { freePort } from "../../support/postgres-server.js";
import { serveVigil } from "../../support/process.js";

/** GETs `path` (on a kept-alive socket when `agent` is given); the status, or the error's code. */
const probe = (url: string, agent?: HttpAgent) =>
  new Promise<string>((resolve) =>
    httpRequest(`${url}/-/readiness`, agent ? { agent } : { agent: false }, (res) => {
      res.resume().on("end", () => resolve(String(res.statusCode)));
    })
      .on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"))
      .end(),
  );

describe(`vigil serve on SIGTERM with readiness probes on ${testProvider}`, () => {
  it("exits on its own while probes keep coming every 100 ms, without closing connections by force", async () => {
    const served = await serveVigil(
      {
        DATABASE_URL: await emptyDatabaseUrl(),
        ENGINE_ENABLED: "false",
        SHUTDOWN_TIMEOUT_MS: "30000",
        LOG_LEVEL: "info",
      },
      await freePort(),
    );
    const agent = new HttpAgent({ keepAlive: true });
    const answers: string[] = [];
    let exited = false;
    const exit = served.exited.then((code) => {
      exited = true;
      return code;
    });
    // Two load balancers: one on a kept-alive socket, one opening a connection per probe.
    const probing = (async () => {
      for (let i = 0; !exited && i < 400; i++) {
        answers.push(await probe(served.url, i % 2 === 0 ? agent : undefined));
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    served.child.kill("SIGTERM");
    expect(await exit).toBe(0);
    await probing;
    agent.destroy();
    expect(served.output()).not.toContain("shutdown timeout");
    expect(served.output()).toContain('"msg":"stopped"');
    // It stopped long before its 30 s: 300 probes would have been answered by then.
    expect(answers.length).toBeLessThan(100);
  }, 60_000);
});
