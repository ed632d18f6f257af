import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { startAgent } from "../../../src/agent/agent.js";
import { loadAgentConfig } from "../../../src/agent/config.js";
import { useTestApp } from "../../support/app.js";
import { artifactsDir, fileRunner, PNG, type TestFile } from "../../support/assets.js";
import { testProvider } from "../../support/database.js";
import { eventually } from "../../support/eventually.js";
import { createPrivateCheck } from "../../support/index.js";
import { restClient } from "../../support/rest.js";

const CAP = 200_000;
const screenshot: TestFile = { name: "failure.png", kind: "screenshot", contentType: "image/png", bytes: PNG };
const trace: TestFile = {
  name: "trace.zip",
  kind: "trace",
  contentType: "application/zip",
  bytes: Buffer.alloc(5_000, 7),
};

describe(`an agent uploading a try's files on ${testProvider}`, () => {
  const t = useTestApp({ ARTIFACTS_DIR: artifactsDir(), ARTIFACTS_MAX_RUN_BYTES: String(CAP) });
  const agents: { stop(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const agent of agents) await agent.stop();
  });

  let slugs = 0;
  async function location() {
    const created = await t.api.post("/v1/private-locations", { name: "Lab", slugName: `assets-${++slugs}` });
    expect(created.status).toBe(201);
    return { slug: created.body.slugName as string, key: created.body.keys[0].rawKey as string };
  }
  async function trigger(checkId: string) {
    const response = await t.api.post("/v1/check-sessions/trigger", { target: { checkId: [checkId] } });
    expect(response.status).toBe(201);
  }
  const request = { method: "GET", url: "http://127.0.0.1:9/", headers: [], queryParameters: [], assertions: [] };

  it("runs a check on a real agent loop whose runner produces files: the agent uploads them and they download", async () => {
    const { slug, key } = await location();
    const check = await createPrivateCheck(t, [slug], { name: "private browser-ish", request });
    const runs: { dir: string; cleaned: boolean }[] = [];
    const config = loadAgentConfig({
      API_KEY: key,
      VIGIL_URL: t.url,
      AGENT_HEALTH_PORT: "0",
      LOG_LEVEL: "silent",
      EXTERNAL_OBSERVABILITY: "off",
    });
    agents.push(await startAgent(config, { version: "test", runners: { API: fileRunner([screenshot, trace], runs) } }));
    await trigger(check.id);

    const result = await eventually(
      () => t.db.checkResult.findFirst({ where: { checkId: check.id, resultType: "FINAL" } }),
      20_000,
    );
    const listed = await eventually(async () => {
      const response = await t.api.get(`/v1/check-results/${check.id}/${result.id}/assets`);
      return response.body.assets?.length === 2 ? response.body.assets : null;
    });
    expect(listed.map((a: { name: string; type: string }) => [a.type, a.name])).toEqual([
      ["screenshot", "failure.png"],
      ["trace", "trace.zip"],
    ]);
    const download = await fetch(listed[0].signedUrl);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
    const zip = await fetch(listed[1].url, { headers: { authorization: `Bearer ${t.apiKey}` } });
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect((await zip.arrayBuffer()).byteLength).toBe(5_000);
    // The runner's directory is removed once the try was posted and its files uploaded.
    await eventually(async () => runs[0]?.cleaned === true, 5_000);
  });

  it("refuses uploads over the run's cap (413), of another type (415), twice by name (409), for another run's result (404)", async () => {
    const { slug, key } = await location();
    const check = await createPrivateCheck(t, [slug], { name: "uploads", request });
    await trigger(check.id);
    const agent = restClient(t.url, key);
    const agentId = randomUUID();
    const facts = { agentId, version: "0.1.0", platform: "linux", runtimeVersion: "v20.0.0" };
    const claimed = await agent.post("/agent/v1/claims", { ...facts, limit: 1, waitMs: 0 });
    const run = claimed.body.runs[0];
    const at = new Date().toISOString();
    const posted = await agent.post(`/agent/v1/runs/${run.id}/results`, {
      agentId,
      holdMs: 0,
      report: {
        resultType: "FINAL",
        hasFailures: true,
        hasErrors: false,
        responseTime: 1,
        startedAt: at,
        stoppedAt: at,
        attempts: 0,
        apiCheckResult: { assertions: [], requestError: null },
      },
    });
    expect(posted.status).toBe(201);
    const base = `/agent/v1/runs/${run.id}/results/${posted.body.id}/assets`;
    const put = (path: string, body: string, contentType: string) =>
      agent.raw("PUT", `${base}/${path}`, { body, headers: { "content-type": contentType } });

    const ok = await put("log/job.log", "line 1\n", "text/plain; charset=utf-8");
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ name: "job.log", size: 7 });
    const again = await put("log/job.log", "line 2\n", "text/plain");
    expect(again.status).toBe(409);

    const big = await put("trace/trace.zip", "x".repeat(CAP), "application/zip");
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ statusCode: 413, error: "Payload Too Large" });
    const html = await put("file/page.exe", "MZ", "application/x-msdownload");
    expect(html.status).toBe(415);
    expect(html.body.statusCode).toBe(415);
    const badName = await put("log/..%2F..%2Fetc", "x", "text/plain");
    expect(badName.status).toBe(400);
    const otherResult = await agent.raw("PUT", `/agent/v1/runs/${run.id}/results/${randomUUID()}/assets/log/a.txt`, {
      body: "x",
      headers: { "content-type": "text/plain" },
    });
    expect(otherResult.status).toBe(404);
    // An API key is not an agent key.
    const withApiKey = await t.api.raw("PUT", `${base}/log/b.txt`, {
      body: "x",
      headers: { "content-type": "text/plain" },
    });
    expect(withApiKey.status).toBe(401);

    const stored = await t.db.checkResultAsset.findMany({ where: { checkResultId: posted.body.id } });
    expect(stored.map((a) => [a.name, a.size])).toEqual([["job.log", 7]]);
  });
});
