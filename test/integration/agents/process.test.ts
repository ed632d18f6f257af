import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect, createServer as createTcpServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, runAgentToExit, startAgentProcess, type AgentProcess } from "../../support/agent.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { privateLocationWithKey, createPrivateCheck } from "../../support/index.js";

/** A secret with characters that URL- and form-encoding change, so that every form is checked. */
const SECRET = "p@ss w/rd+Q&x=1";
/** A secret that only the agents' environment holds (VIGIL_SECRET_DB): the service never sees it. */
const LOCAL_SECRET = "l0cal s3cret/&=";
const secretForms = [
  SECRET,
  encodeURIComponent(SECRET),
  encodeURI(SECRET),
  new URLSearchParams({ s: SECRET }).toString().slice(2),
];
const localForms = [
  LOCAL_SECRET,
  encodeURIComponent(LOCAL_SECRET),
  new URLSearchParams({ s: LOCAL_SECRET }).toString().slice(2),
];

/** The local target: counts hits per path; `/hang` leaves its first request unanswered, `/slow` answers after 1.5 s. */
function startTarget() {
  const hits = new Map<string, IncomingMessage[]>();
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    hits.set(path, [...(hits.get(path) ?? []), request]);
    if (path === "/hang" && hits.get(path)!.length === 1) return void hanging.push(response);
    if (path === "/slow") return void setTimeout(() => response.end("slow"), 1_500);
    response.end("ok");
  });
  return new Promise<{ url: string; hits: (path: string) => IncomingMessage[]; close: () => Promise<void> }>(
    (resolve) =>
      server.listen(0, "127.0.0.1", () =>
        resolve({
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
          hits: (path) => hits.get(path) ?? [],
          close: () => {
            for (const response of hanging) response.destroy();
            server.closeAllConnections();
            return new Promise((r) => server.close(() => r()));
          },
        }),
      ),
  );
}

/** A CONNECT proxy that records where it tunnels to. */
function startProxy() {
  const tunnels: string[] = [];
  const server = createTcpServer((client) => {
    client.once("data", (head) => {
      const [method, authority] = head.toString("latin1").split(" ");
      if (method !== "CONNECT" || !authority) return void client.end("HTTP/1.1 405 Method Not Allowed\r\n\r\n");
      tunnels.push(authority);
      const [host, port] = authority.split(":");
      const upstream = connect(Number(port), host!, () => {
        client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        upstream.pipe(client).pipe(upstream);
      });
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
    });
  });
  return new Promise<{ url: string; tunnels: string[]; close: () => void }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        tunnels,
        close: () => server.close(),
      }),
    ),
  );
}

describe(`the agent process (bin/vigil-agent.js) against the service on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  let target: Awaited<ReturnType<typeof startTarget>>;
  const agents: AgentProcess[] = [];
  const db = () => t.db;
  let slugs = 0;

  const location = () => privateLocationWithKey(api, "Office", `agent-proc-${++slugs}`);
  async function check(slug: string, url: string, extra: Record<string, unknown> = {}) {
    return createPrivateCheck(t, [slug], {
      name: url,
      request: {
        method: "GET",
        url,
        headers: [{ key: "X-Token", value: "{{TOKEN}}" }],
        queryParameters: [{ key: "token", value: "{{TOKEN}}" }],
        basicAuth: { username: "u", password: "{{TOKEN}}" },
        assertions: [],
      },
      environmentVariables: [{ key: "TOKEN", value: SECRET, secret: true }],
      ...extra,
    });
  }
  const trigger = async (checkId: string) =>
    expect((await api.post("/v1/check-sessions/trigger", { target: { checkId: [checkId] } })).status).toBe(201);
  const finals = (checkId: string) => db().checkResult.findMany({ where: { checkId, resultType: "FINAL" } });
  const agentIdOf = (agent: AgentProcess) => /"agentId":"([^"]+)"/.exec(agent.stdout())![1]!;
  async function agent(env: Record<string, string>, options: { args?: string[]; bin?: string } = {}) {
    const started = await startAgentProcess({ VIGIL_URL: t.url, ...env }, options);
    agents.push(started);
    return started;
  }

  beforeAll(async () => {
    // A short lease, so that a killed agent's run is claimed again quickly (AGENT_LEASE_MS).
    Object.assign(t.app.context.config, { runLeaseMs: 1_500 });
    target = await startTarget();
  });
  afterAll(async () => {
    for (const a of agents) a.kill();
    await target.close();
  });

  it("refuses a wrong configuration with one message naming the variables, never the key, exit 1", async () => {
    const key = "vg_this_is_not_an_agent_key_000";
    const run = await runAgentToExit({
      API_KEY: key,
      VIGIL_URL: "ftp://example.com",
      JOB_CONCURRENCY: "11",
      EXTERNAL_OBSERVABILITY: "maybe",
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^vigil agent: invalid configuration:/);
    for (const name of [
      "API_KEY must be an agent key",
      "VIGIL_URL must be an http or https URL",
      "JOB_CONCURRENCY must be an integer from 1 to 10",
      "EXTERNAL_OBSERVABILITY must be on or off",
    ])
      expect(run.stderr).toContain(name);
    expect(run.stderr + run.stdout).not.toContain(key);
  });

  it("runs its location's checks: results at the slug, each run once across two agents, secrets never posted", async () => {
    const l = await location();
    // DATABASE_URL points nowhere: the agent never opens a database.
    const local = { VIGIL_SECRET_DB: LOCAL_SECRET };
    const [a, b] = [
      await agent({
        API_KEY: l.key,
        JOB_CONCURRENCY: "3",
        LOG_LEVEL: "debug",
        DATABASE_URL: "postgres://nowhere.invalid:1/none",
        ...local,
      }),
      await agent({ API_KEY: l.key, JOB_CONCURRENCY: "3", ...local }),
    ];
    await eventually(async () => (await a.health()) === 200 && (await b.health()) === 200, 15_000, "readiness");
    expect([await a.health("/-/liveness"), await a.health("/health")]).toEqual([200, 200]);

    const secret = await check(l.slug, `${target.url}/secret`);
    await trigger(secret.id);
    await eventually(async () => (await finals(secret.id)).length === 1, 15_000, "the secret check's result");
    const listed = await api.get(`/v2/check-results/${secret.id}`);
    expect(listed.body.entries).toEqual([
      expect.objectContaining({ runLocation: l.slug, hasFailures: false, hasErrors: false }),
    ]);
    const sent = target.hits("/secret")[0]!;
    expect(new URL(sent.url!, "http://x").searchParams.get("token")).toBe(SECRET); // the target got the real value
    expect(sent.headers["x-token"]).toBe(SECRET);
    const stored = JSON.stringify(await db().checkResult.findMany({ where: { checkId: secret.id } }));
    for (const form of secretForms) expect(stored).not.toContain(form);
    expect(stored).toContain("[redacted]");

    // VIGIL_SECRET_* of the agent's environment: usable by the check, never sent to the service.
    const usesLocal = await check(l.slug, `${target.url}/local`, {
      request: {
        method: "GET",
        url: `${target.url}/local`,
        headers: [{ key: "X-Db", value: "{{VIGIL_SECRET_DB}}" }],
        queryParameters: [{ key: "db", value: "{{VIGIL_SECRET_DB}}" }],
        assertions: [],
      },
    });
    await trigger(usesLocal.id);
    await eventually(async () => (await finals(usesLocal.id)).length === 1, 15_000, "the local-secret check's result");
    const localHit = target.hits("/local")[0]!;
    expect(localHit.headers["x-db"]).toBe(LOCAL_SECRET);
    expect(new URL(localHit.url!, "http://x").searchParams.get("db")).toBe(LOCAL_SECRET);
    const localStored = JSON.stringify(await db().checkResult.findMany({ where: { checkId: usesLocal.id } }));
    for (const form of localForms) expect(localStored).not.toContain(form);

    const many = await check(l.slug, `${target.url}/many`);
    for (let i = 0; i < 24; i++) await trigger(many.id);
    await eventually(async () => (await finals(many.id)).length >= 24, 20_000, "24 results");
    const results = await finals(many.id);
    expect(results).toHaveLength(24);
    expect(new Set(results.map((r) => r.checkRunId)).size).toBe(24);
    expect(target.hits("/many")).toHaveLength(24);
    expect(results.every((r) => r.runLocation === l.slug)).toBe(true);
    const owners = await db().checkRun.findMany({
      where: { checkId: many.id },
      select: { leaseOwner: true, status: true },
    });
    expect(owners.every((r) => r.status === "DONE" && [agentIdOf(a), agentIdOf(b)].includes(r.leaseOwner!))).toBe(true);
    expect((await api.get(`/v1/private-locations/${l.id}`)).body.agentCount).toBe(2);

    // A runner that throws (the secret makes the URL invalid) ends its run with an error result and an error report.
    const broken = await check(l.slug, "http://{{TOKEN}}/");
    await trigger(broken.id);
    await eventually(async () => (await finals(broken.id)).length === 1, 15_000, "the broken check's result");
    expect((await finals(broken.id))[0]).toMatchObject({ hasErrors: true, runLocation: l.slug });
    const reports = await eventually(
      async () => {
        const rows = await db().agentErrorReport.findMany({ where: { privateLocationId: l.id } });
        return rows.length > 0 && rows;
      },
      10_000,
      "an error report",
    );
    expect(reports[0]).toMatchObject({
      message: expect.stringContaining("Invalid URL"),
      agentVersion: "0.1.0",
      platform: process.platform,
      runtimeVersion: process.version,
    });
    const reported = JSON.stringify(reports);
    for (const forbidden of [...secretForms, l.key, t.url]) expect(reported).not.toContain(forbidden);

    // SIGKILL mid-run: the run is claimed again by the other agent once the lease (1.5 s) expires.
    const hang = await check(l.slug, `${target.url}/hang`);
    await trigger(hang.id);
    await eventually(async () => target.hits("/hang").length === 1, 10_000, "the first /hang request");
    const [held] = await db().checkRun.findMany({ where: { checkId: hang.id } });
    const [victim, survivor] = held!.leaseOwner === agentIdOf(a) ? [a, b] : [b, a];
    victim.child.kill("SIGKILL");
    await victim.exited;
    await eventually(async () => (await finals(hang.id)).length === 1, 15_000, "the re-claimed run's result");
    expect(target.hits("/hang")).toHaveLength(2);
    expect(await db().checkRun.findUnique({ where: { id: held!.id } })).toMatchObject({
      status: "DONE",
      leaseOwner: agentIdOf(survivor),
    });

    // SIGTERM: readiness 503 at once, the run under way finishes, exit 0.
    const slow = await check(l.slug, `${target.url}/slow`);
    await trigger(slow.id);
    await eventually(async () => target.hits("/slow").length === 1, 10_000, "the /slow request");
    survivor.child.kill("SIGTERM");
    await eventually(async () => (await survivor.health()) === 503, 5_000, "readiness 503");
    expect(await survivor.exited).toBe(0);
    expect(await finals(slow.id)).toEqual([expect.objectContaining({ hasFailures: false, runLocation: l.slug })]);

    for (const output of [a.stdout(), a.stderr(), b.stdout(), b.stderr()]) {
      for (const forbidden of [...secretForms, ...localForms, l.key, t.url]) expect(output).not.toContain(forbidden);
    }
    // The error line of the broken run carried the invalid URL (with the secret): it was scrubbed, not dropped.
    const errorLine = (a.stdout() + b.stdout()).split("\n").find((line) => line.includes("the check's run failed"))!;
    expect(errorLine).toContain("Invalid URL");
    expect(errorLine).toContain("[redacted]");
  });

  it("warns at start that SCRIPT_SANDBOX=off runs scripts unsandboxed", async () => {
    const l = await location();
    const unsafe = await agent({ API_KEY: l.key, SCRIPT_SANDBOX: "off" });
    await eventually(async () => unsafe.stdout().includes("SCRIPT_SANDBOX=off"), 10_000, "the warning");
    expect(unsafe.stdout()).toMatch(
      /"level":40,.*"msg":"SCRIPT_SANDBOX=off: checks' scripts run unsandboxed.*\(unsafe\)"/,
    );
    unsafe.kill();
  });

  it("sends no error report with EXTERNAL_OBSERVABILITY=off, and calls the service through HTTP_PROXY (started as `vigil agent`)", async () => {
    const l = await location();
    const proxy = await startProxy();
    const quiet = await agent(
      { API_KEY: l.key, EXTERNAL_OBSERVABILITY: "off", HTTP_PROXY: proxy.url },
      { bin: new URL("../../../bin/vigil.js", import.meta.url).pathname, args: ["agent"] },
    );
    const broken = await check(l.slug, "http://{{TOKEN}}/");
    await trigger(broken.id);
    await eventually(async () => (await finals(broken.id)).length === 1, 15_000, "the broken check's result");
    expect(quiet.stdout()).toContain("the check's run failed");
    quiet.child.kill("SIGTERM");
    expect(await quiet.exited).toBe(0);
    expect(await db().agentErrorReport.count({ where: { privateLocationId: l.id } })).toBe(0);
    expect(proxy.tunnels.length).toBeGreaterThan(0);
    expect(new Set(proxy.tunnels)).toEqual(new Set([new URL(t.url).host]));
    proxy.close();
  });
});
