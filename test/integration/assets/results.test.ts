import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { claimRuns } from "../../../src/domain/runs/index.js";
import type { Runner } from "../../../src/domain/monitoring/tries.js";
import { executeRun } from "../../../src/engine/execute.js";
import { engineSweeps } from "../../../src/engine/sweeps.js";
import { useTestApp } from "../../support/app.js";
import { artifactsDir, fileRunner, filesUnder, PNG, type TestFile } from "../../support/assets.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";

const dir = artifactsDir();
const CAP = 300_000;

const screenshot: TestFile = { name: "failure.png", kind: "screenshot", contentType: "image/png", bytes: PNG };
const log: TestFile = {
  name: "job log.txt",
  kind: "log",
  contentType: "text/plain",
  bytes: Buffer.from("step 1\nstep 2\n"),
};

describe(`check results' files (assets) on ${testProvider}`, () => {
  const linkClock = { t: Date.now() };
  const t = useTestApp(
    { ARTIFACTS_DIR: dir, ARTIFACTS_MAX_RUN_BYTES: String(CAP) },
    { assetClock: () => new Date(linkClock.t) },
  );
  afterAll(async () => {
    await t.stop();
  });

  async function newCheck() {
    const response = await t.api.post("/v1/checks/api", {
      name: `assets ${randomUUID()}`,
      locations: ["eu-west-1"],
      request: { method: "GET", url: "http://127.0.0.1:9/" },
    });
    expect(response.status).toBe(201);
    return response.body.id as string;
  }

  /** Runs one run of a new check with `runner` through the engine's real recorder; its FINAL result id. */
  async function runWith(runner: Runner, checkId?: string) {
    const id = checkId ?? (await newCheck());
    await t.db.checkRun.create({
      data: { accountId: t.accountId, checkId: id, location: "eu-west-1", sequenceId: randomUUID(), dueAt: new Date() },
    });
    const [run] = await claimRuns({
      ctx: { db: t.db },
      privateLocationId: null,
      owner: "assets-test",
      now: new Date(),
      leaseMs: 60_000,
      limit: 1,
    });
    expect(run?.checkId).toBe(id);
    const outcome = await executeRun(t.app.context, run!, {
      owner: "assets-test",
      leaseMs: 60_000,
      now: () => new Date(),
      sleep: async () => undefined,
      runners: { API: runner },
    });
    expect(outcome).toBe("recorded");
    const result = await t.db.checkResult.findFirstOrThrow({ where: { checkId: id, resultType: "FINAL" } });
    return { checkId: id, resultId: result.id };
  }

  const manifest = (checkId: string, resultId: string, key = t.apiKey) =>
    restClient(t.url, key).get(`/v1/check-results/${checkId}/${resultId}/assets`);

  it("stores a try's files with its result: listed in the manifest, downloadable with the key, the run's directory removed after", async () => {
    const runs: { dir: string; cleaned: boolean }[] = [];
    const { checkId, resultId } = await runWith(fileRunner([screenshot, log], runs));
    expect(runs).toHaveLength(1);
    expect(runs[0]!.cleaned).toBe(true);
    expect(existsSync(runs[0]!.dir)).toBe(false);

    const listed = await manifest(checkId, resultId);
    expect(listed.status).toBe(200);
    expect(listed.body.assets).toHaveLength(2);
    // Files stored in the same millisecond list in id order (random): find each by its type.
    type Listed = { type: string };
    const shot = listed.body.assets.find((asset: Listed) => asset.type === "screenshot");
    const text = listed.body.assets.find((asset: Listed) => asset.type === "log");
    expect(shot).toMatchObject({
      type: "screenshot",
      name: "failure.png",
      contentType: "image/png",
      size: PNG.length,
      source: { type: "check-result", checkId, resultId, checkType: "API" },
    });
    expect(text).toMatchObject({ type: "log", name: "job_log.txt", contentType: "text/plain", size: log.bytes.length });
    // Storage keys are ids only: nothing of the runner's file names reaches the disk.
    expect(
      filesUnder(dir)
        .filter((f) => f.includes(resultId))
        .every((f) => !/png|txt|log/.test(f)),
    ).toBe(true);

    const download = await fetch(shot.url, { headers: { authorization: `Bearer ${t.apiKey}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(download.headers.get("content-length")).toBe(String(PNG.length));
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="failure.png"');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);

    const filtered = await restClient(t.url, t.apiKey).get(`/v1/check-results/${checkId}/${resultId}/assets?type=log`);
    expect(filtered.body.assets.map((a: { name: string }) => a.name)).toEqual(["job_log.txt"]);

    // Without a key the keyed URL is a 401.
    expect((await fetch(shot.url)).status).toBe(401);
  });

  it("keeps the result when its files cannot be stored (a file gone before it was copied): no asset, no partial file", async () => {
    const vanishing: Runner = async (...args) => {
      const outcome = await fileRunner([screenshot], [])(...args);
      return { ...outcome, assets: outcome.assets!.map((a) => ({ ...a, path: `${a.path}.gone` })) };
    };
    const { checkId, resultId } = await runWith(vanishing);
    expect((await t.api.get(`/v1/check-results/${checkId}/${resultId}`)).status).toBe(200);
    expect((await manifest(checkId, resultId)).body.assets).toEqual([]);
    expect(filesUnder(dir).filter((f) => f.includes(resultId))).toEqual([]);
  });

  it("answers 404 for another account's result and its files, and for an unknown asset", async () => {
    const { checkId, resultId } = await runWith(fileRunner([screenshot], []));
    const [asset] = (await manifest(checkId, resultId)).body.assets;
    const other = await t.newAccount();
    const foreign = await manifest(checkId, resultId, other.apiKey);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ statusCode: 404, error: "Not Found" });
    expect((await fetch(asset.url, { headers: { authorization: `Bearer ${other.apiKey}` } })).status).toBe(404);
    const unknown = await t.api.get(`/v1/check-results/${checkId}/${resultId}/assets/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    const malformed = await t.api.get(`/v1/check-results/${checkId}/${resultId}/assets/not-an-id`);
    expect(malformed.status).toBe(404);
  });

  it("signs a download link that works without a key for 15 minutes; an altered or expired one is a 403", async () => {
    const { checkId, resultId } = await runWith(fileRunner([screenshot], []));
    linkClock.t = Date.now();
    const [asset] = (await manifest(checkId, resultId)).body.assets;
    const signed = new URL(asset.signedUrl);
    expect(signed.pathname).toBe(`/v1/assets/${new URL(asset.url).pathname.split("/").pop()}`);
    expect(new Date(asset.signedUrlExpiresAt).getTime()).toBe(Math.floor(linkClock.t / 1000) * 1000 + 15 * 60_000);

    const open = await fetch(asset.signedUrl);
    expect(open.status).toBe(200);
    expect(
      Buffer.from(await open.arrayBuffer())
        .subarray(0, 8)
        .equals(PNG.subarray(0, 8)),
    ).toBe(true);

    const tampered = new URL(asset.signedUrl);
    const signature = tampered.searchParams.get("signature")!;
    tampered.searchParams.set("signature", `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`);
    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ statusCode: 403, error: "Forbidden" });
    const longer = new URL(asset.signedUrl);
    longer.searchParams.set("expires", String(Number(longer.searchParams.get("expires")) + 3600));
    expect((await fetch(longer)).status).toBe(403);
    const missing = new URL(asset.signedUrl);
    missing.searchParams.delete("signature");
    expect((await fetch(missing)).status).toBe(400);

    linkClock.t += 16 * 60_000;
    const expired = await fetch(asset.signedUrl);
    expect(expired.status).toBe(403);
    expect((await expired.json()).message).toMatch(/expired/);
    linkClock.t = Date.now();
  });

  it("keeps a run's files within the cap: the screenshot and log first, a trace over it dropped", async () => {
    const trace: TestFile = {
      name: "trace.zip",
      kind: "trace",
      contentType: "application/zip",
      bytes: Buffer.alloc(CAP - 50, 1),
    };
    const runs: { dir: string; cleaned: boolean }[] = [];
    const { checkId, resultId } = await runWith(fileRunner([trace, screenshot, log], runs));
    const names = (await manifest(checkId, resultId)).body.assets.map((a: { name: string }) => a.name).sort();
    expect(names).toEqual(["failure.png", "job_log.txt"]);
    expect(runs[0]!.cleaned).toBe(true);
    const sizes = await t.db.checkResultAsset.aggregate({ where: { checkResultId: resultId }, _sum: { size: true } });
    expect(sizes._sum.size).toBeLessThanOrEqual(CAP);
  });

  it("lists assets on GraphQL's CheckResult with the URLs REST gives", async () => {
    const { checkId, resultId } = await runWith(fileRunner([screenshot, log], []));
    const response = await t.gql(
      `query($id: ID!) { node(id: $id) { ... on CheckResult { assets { kind name size contentType url signedUrl } } } }`,
      { id: Buffer.from(`CheckResult:${resultId}`).toString("base64") },
    );
    const viaRest = (await manifest(checkId, resultId)).body.assets;
    if (response.body.errors) throw new Error(JSON.stringify(response.body.errors));
    expect(response.body.data.node.assets).toMatchObject(
      viaRest.map((a: Record<string, unknown>) => ({ kind: a.type, name: a.name, size: a.size, url: a.url })),
    );
  });

  it("deletes a result's files with it in the retention sweep", async () => {
    const { resultId } = await runWith(fileRunner([screenshot, log], []));
    const keys = (await t.db.checkResultAsset.findMany({ where: { checkResultId: resultId } })).map(
      (a) => a.storageKey,
    );
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(existsSync(join(dir, key))).toBe(true);
    await t.db.checkResult.update({
      where: { id: resultId },
      data: { startedAt: new Date(Date.now() - 40 * 86_400_000) },
    });
    const retention = engineSweeps.find((s) => s.name === "retention")!;
    await retention.run(t.app.context, new Date());
    expect(await t.db.checkResult.count({ where: { id: resultId } })).toBe(0);
    expect(await t.db.checkResultAsset.count({ where: { checkResultId: resultId } })).toBe(0);
    for (const key of keys) expect(existsSync(join(dir, key))).toBe(false);
  });

  it("deletes a deleted check's files (the orphaned-assets sweep), and keeps other checks' files", async () => {
    const kept = await runWith(fileRunner([screenshot], []));
    const { checkId, resultId } = await runWith(fileRunner([screenshot, log], []));
    const keys = (await t.db.checkResultAsset.findMany({ where: { checkResultId: resultId } })).map(
      (a) => a.storageKey,
    );
    expect((await t.api.delete(`/v1/checks/${checkId}`)).status).toBe(204);
    const sweep = engineSweeps.find((s) => s.name === "orphaned assets")!;
    await sweep.run(t.app.context, new Date());
    expect(await t.db.checkResultAsset.count({ where: { checkId } })).toBe(0);
    for (const key of keys) expect(existsSync(join(dir, key))).toBe(false);
    expect(filesUnder(dir).some((f) => f.includes(checkId))).toBe(false);
    expect((await manifest(kept.checkId, kept.resultId)).body.assets).toHaveLength(1);
  });
});
