// Issue 29, "Done when": a client generated from the reference files (openapi-typescript types,
// openapi-fetch calls; test/reference-client/steps.ts) runs unchanged against a real server. The
// types are generated here into a directory of its own and the steps type-checked against them
// with tsc, so a step that does not match the reference does not compile.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { resultRecorder } from "../../support/index.js";

const root = new URL("../../../", import.meta.url).pathname;
const REFERENCES = { subset: "checkly-openapi-subset.json", alerting: "checkly-openapi-alerting-subset.json" };

/** Generates the reference's types beside a copy of the steps and type-checks them; returns the directory. */
async function generatedClient(): Promise<string> {
  // Under node_modules so that the copy resolves openapi-fetch as the original does.
  mkdirSync(`${root}node_modules/.cache`, { recursive: true });
  const dir = mkdtempSync(`${root}node_modules/.cache/reference-client-`);
  mkdirSync(`${dir}/generated`);
  for (const [name, file] of Object.entries(REFERENCES)) {
    const doc = JSON.parse(readFileSync(`${root}docs/reference/${file}`, "utf8"));
    // The subsets refer to a few schemas they leave out (traceroute and gRPC requests): those are
    // filled with {} (any) so the generator runs; nothing else of the files is changed.
    for (const [, schema] of JSON.stringify(doc).matchAll(/"#\/components\/schemas\/([^"]+)"/g))
      doc.components.schemas[schema!] ??= {};
    // defaultNonNullable off: a property with a default is optional, as the reference's `required` lists say
    // (the generator's default would make a client send every defaulted property of a request body).
    writeFileSync(`${dir}/generated/${name}.ts`, astToString(await openapiTS(doc, { defaultNonNullable: false })));
  }
  copyFileSync(`${root}test/reference-client/steps.ts`, `${dir}/steps.ts`);
  writeFileSync(`${dir}/package.json`, JSON.stringify({ type: "module" }));
  writeFileSync(
    `${dir}/tsconfig.json`,
    JSON.stringify({
      compilerOptions: {
        target: "ES2023",
        lib: ["ES2023", "DOM"],
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      include: ["steps.ts", "generated"],
    }),
  );
  try {
    execFileSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, "-p", dir], { encoding: "utf8" });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`the steps do not type-check against the reference:\n${(error as { stdout: string }).stdout}`);
  }
  return dir;
}

describe(`a client generated from the reference files on ${testProvider}`, () => {
  const t = useTestApp();
  const record = resultRecorder(t);
  let dir = "";
  beforeAll(async () => {
    dir = await generatedClient();
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("creates an API check, finds it in /v2/checks and reads its analytics, unchanged", async () => {
    // The committed steps run (their types were checked above against the generated ones).
    const stepsPath = `${root}test/reference-client/steps.ts`;
    const steps = await import(stepsPath);
    const clients = steps.referenceClients(t.url, t.apiKey);

    const created = await steps.createApiCheck(clients, "http://127.0.0.1:9/health");
    expect(created).toMatchObject({
      name: "Generated client",
      checkType: "API",
      activated: false,
      request: { method: "GET", url: "http://127.0.0.1:9/health" },
    });

    const listed = await steps.listChecksV2(clients);
    expect(listed.map((c: { id: string }) => c.id)).toContain(created.id);

    await record({
      checkId: created.id,
      runLocation: "eu-west-1",
      startedAt: new Date(Date.now() - 60_000).toISOString(),
      responseTime: 42,
    });
    const analytics = await steps.readAnalytics(clients, created.id);
    expect(analytics).toMatchObject({
      checkId: created.id,
      name: "Generated client",
      checkType: "API",
      series: [{ data: { availability: 100, responseTime_avg: 42 } }],
    });

    const ssl = await steps.createSslMonitor(clients, "127.0.0.1", 8443);
    expect(ssl).toMatchObject({
      name: "Generated client certificate",
      checkType: "SSL",
      request: { sslConfig: { hostname: "127.0.0.1", port: 8443, alertDaysBeforeExpiry: 14 } },
    });
    expect((await steps.listChecksV2(clients)).map((c: { id: string }) => c.id)).toContain(ssl.id);

    const startsAt = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 86_400_000);
    const endsAt = new Date(startsAt.getTime() + 3_600_000);
    const posted = await steps.postMaintenanceUpdate(clients, startsAt.toISOString(), endsAt.toISOString());
    expect(posted.occurrence).toMatchObject({ startsAt: startsAt.toISOString(), status: "SCHEDULED" });
    expect(posted.update).toMatchObject({ status: "SCHEDULED", description: "Database upgrade, about an hour." });
  });
});
