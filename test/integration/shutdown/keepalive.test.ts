// Issue 25, point 13: under steady keep-alive load that goes on after SIGTERM (clients that honour
// `Connection: close` reconnect and keep sending until the server stops listening), no request is
// reset, every POST answered 2xx is stored and no other is, and `vigil serve` exits in time.
import { randomUUID } from "node:crypto";
import { Agent, request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/db/client.js";
import { testProvider } from "../../support/database.js";
import { serveWithAccount } from "../../support/process.js";

type Sent = { method: "GET" | "POST"; name?: string; afterSignal: boolean; reused: boolean };
type Outcome = Sent & ({ status: number; closes: boolean } | { error: string });

/** Sockets the clients opened (a request on a new socket each). */
const opened = { sockets: 0 };

/** One request on `agent`'s kept-alive socket (or a new one): its answer, or its error's code. */
function send(url: string, apiKey: string, agent: Agent, sent: Omit<Sent, "reused">): Promise<Outcome> {
  const body = sent.name ? JSON.stringify({ name: sent.name }) : undefined;
  return new Promise((resolve) => {
    const req = httpRequest(`${url}/v1/check-groups`, {
      agent,
      method: sent.method,
      headers: { authorization: `Bearer ${apiKey}`, ...(body ? { "content-type": "application/json" } : {}) },
    });
    req.once("socket", () => void (req.reusedSocket || opened.sockets++));
    req.on("response", (res) =>
      res.resume().on("end", () =>
        resolve({
          ...sent,
          reused: req.reusedSocket,
          status: res.statusCode ?? 0,
          closes: res.headers.connection === "close",
        }),
      ),
    );
    req.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ ...sent, reused: req.reusedSocket, error: error.code ?? error.message }),
    );
    req.end(body);
  });
}

/**
 * Two resets no server can avoid, where no handler ran. HTTP/1.1's: a request written on a
 * kept-alive socket as the server closes it for being idle; Node marks it `reusedSocket`, and
 * this client sends an idempotent one again, as Node's documentation of `reusedSocket` advises.
 * TCP's: a connection the kernel completed in the listener's backlog but the process had not yet
 * taken when the listener closed; the kernel resets it. The server logs how many sockets it took;
 * a new socket that was neither refused nor taken is such a connection. So every reset on a new
 * socket must be one of those: if the server reset a socket it had taken, resets outnumber them.
 */
const idleRace = (o: Outcome) => "error" in o && o.reused && (o.error === "ECONNRESET" || o.error === "EPIPE");
const refused = (o: Outcome) => "error" in o && o.error === "ECONNREFUSED";

/** Sockets the server took from its listener, less the health probes' (serveVigil's), as it logged on stopping. */
function taken(output: string) {
  const stopped = output.split("\n").find((line) => line.includes('"msg":"stopped"'));
  const { sockets, probeSockets } = JSON.parse(stopped ?? "{}").accepted ?? {};
  return typeof sockets === "number" ? sockets - probeSockets : Number.NaN;
}

describe(`vigil serve on SIGTERM under steady keep-alive load on ${testProvider}`, () => {
  it("resets no request it took, stores exactly the POSTs answered 2xx, and exits within SHUTDOWN_TIMEOUT_MS + 2 s", async () => {
    const timeoutMs = 2_000;
    const served = await serveWithAccount({ SHUTDOWN_TIMEOUT_MS: String(timeoutMs), LOG_LEVEL: "info" });
    const { accountId, apiKey } = served;
    let exited = false;
    const exit = served.exited.then((code) => ((exited = true), code));
    // The test's own bound: past SHUTDOWN_TIMEOUT_MS + 2 s (and a second for this loaded machine
    // to deliver the exit) the process is killed, and its exit code is then not 0.
    let signalled = false;
    const signal = () => {
      signalled = true;
      served.child.kill("SIGTERM");
      setTimeout(() => served.child.kill("SIGKILL"), timeoutMs + 3_000).unref();
    };
    const outcomes: Outcome[] = [];
    const worker = async (w: number) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      // Until the server no longer listens; bounded, so that a server that never stops ends the test.
      for (let i = 0; !exited && outcomes.length < 20_000; i++) {
        const post = (i + w) % 2 === 0;
        const sent = { method: post ? "POST" : "GET", afterSignal: signalled } as const;
        let outcome = await send(served.url, apiKey, agent, post ? { ...sent, name: `ka ${randomUUID()}` } : sent);
        // An idempotent request lost to the idle race is sent again (a POST is not: it must not be stored).
        if (idleRace(outcome) && !post) outcome = await send(served.url, apiKey, agent, sent);
        outcomes.push(outcome);
        if (!signalled && outcomes.length >= 300) signal();
        if ("error" in outcome && outcome.error === "ECONNREFUSED") break;
      }
      agent.destroy();
    };
    await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
    const code = await exit;

    const afterSignal = outcomes.filter((o) => o.afterSignal);
    const resets = outcomes.filter((o) => "error" in o && !refused(o) && !idleRace(o));
    const untaken = opened.sockets - outcomes.filter(refused).length - taken(served.output());
    console.log(
      `keep-alive shutdown: ${outcomes.length} requests, ${afterSignal.length} after SIGTERM, ` +
        `${afterSignal.filter((o) => "status" in o && o.status === 503).length} answered 503, ` +
        `${resets.length} reset on a new socket (${untaken} never taken from the backlog), ` +
        `${outcomes.filter(idleRace).length} lost to the idle race, exit ${code}`,
    );
    expect(resets.every((o) => !o.reused)).toBe(true);
    expect(resets.length).toBe(untaken);
    expect(afterSignal.filter((o) => "status" in o && o.status === 503).length).toBeGreaterThan(0);
    // Every answer is a 2xx, or a 503 with `Connection: close` once shutting down.
    expect(outcomes.filter((o) => "status" in o && (o.status === 503 ? !o.closes : o.status >= 300))).toEqual([]);

    const database = await openDatabase(served.databaseUrl);
    const stored = new Set(
      (await database.prisma.checkGroup.findMany({ where: { accountId }, select: { name: true } })).map((g) => g.name),
    );
    await database.close();
    const posts = outcomes.filter((o) => o.method === "POST");
    const created = posts.filter((o) => "status" in o && o.status === 201).map((o) => o.name);
    expect(posts.filter((o) => ("status" in o && o.status === 201) !== stored.has(o.name ?? ""))).toEqual([]);
    expect(stored.size).toBe(created.length);
    // 0, not the 1 of the overrun timer (cli.ts) nor the kill above: it stopped in time, by itself.
    expect(code).toBe(0);
    expect(served.output()).not.toContain("shutdown overran");
  }, 60_000);
});
