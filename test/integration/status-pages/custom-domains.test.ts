import { afterAll, describe, expect, it } from "vitest";
import { engineSweeps } from "../../../src/engine/sweeps.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { startTxtServer } from "../../support/dns-server.js";
import { globalId } from "../../support/global-id.js";
import { restClient } from "../../support/rest.js";
import { visit } from "../../support/visitor.js";

/** Issue 25, point 4: a custom domain answers only once its DNS TXT record proves it. */
const dns = await startTxtServer();
afterAll(() => dns.close());

describe(`custom domains on ${testProvider}`, () => {
  const t = useTestApp({ DNS_SERVERS: dns.address, PUBLIC_URL: "https://vigil.example.test" });
  let slug = 0;
  const create = (customDomain: string, api = t.api) =>
    api.post("/v1/status-pages", { name: "Acme", url: `acme-domain-${++slug}`, customDomain });
  const served = async (host: string) =>
    Promise.all(["/", "/summary.json", "/access"].map(async (path) => (await visit(t.url, path, { host })).body));

  it("refuses IP literals, localhost and the service's own host, storing nothing", async () => {
    const before = await t.db.statusPage.count();
    for (const domain of ["127.0.0.1", "10.0.0.1", "app.localhost", "localhost", "vigil.example.test"]) {
      const response = await create(domain);
      expect(response.status, domain).toBe(400);
      expect(response.body.message, domain).toMatch(/customDomain/);
    }
    expect(await t.db.statusPage.count()).toBe(before);
  });

  it("serves a page on its domain only once _vigil.<domain> holds its token, and stops when it goes", async () => {
    const { body: page } = await create("status.acme.test");
    expect(page).toMatchObject({
      customDomainVerified: false,
      customDomainToken: expect.stringMatching(/^vigil-verify=/),
    });
    const seen = await served("status.acme.test");
    expect(seen.join()).not.toContain("Acme");
    expect((await visit(t.url, "/summary.json", { host: "status.acme.test" })).status).toBe(404);

    dns.records.set("_vigil.status.acme.test", ["some other record", page.customDomainToken]);
    const saved = await t.api.put(`/v1/status-pages/${page.id}`, { name: "Acme", url: page.url });
    expect(saved.body).toMatchObject({ customDomainVerified: true });
    expect((await t.api.get(`/v1/status-pages/${page.id}`)).body.customDomainVerified).toBe(true);
    const node = await t.gql(
      "query ($id: ID!) { node(id: $id) { ... on StatusPage { customDomain customDomainVerified customDomainToken } } }",
      { id: globalId("StatusPage", page.id) },
    );
    expect(node.body.data.node).toEqual({
      customDomain: "status.acme.test",
      customDomainVerified: true,
      customDomainToken: page.customDomainToken,
    });
    const summary = await visit(t.url, "/summary.json", { host: "status.acme.test" });
    expect(summary.status).toBe(200);
    expect(JSON.parse(summary.body).page).toMatchObject({ name: "Acme" });

    // The record removed: the hourly look unverifies it.
    dns.records.delete("_vigil.status.acme.test");
    const sweep = engineSweeps.find((s) => s.name === "custom domains")!;
    await sweep.run(t.app.context, new Date(Date.now() + 61 * 60_000));
    expect((await t.api.get(`/v1/status-pages/${page.id}`)).body.customDomainVerified).toBe(false);
    expect((await visit(t.url, "/summary.json", { host: "status.acme.test" })).status).toBe(404);
  });

  it("lets no one squat a domain: another account may name it, only the proven page answers", async () => {
    const other = await t.newAccount("Squatter");
    const squatter = restClient(t.url, other.apiKey);
    const { body: theirs } = await create("status.owner.test", squatter);
    expect(theirs.customDomainVerified).toBe(false);
    const mine = await create("status.owner.test");
    expect(mine.status).toBe(201); // an unverified domain is not taken
    dns.records.set("_vigil.status.owner.test", [mine.body.customDomainToken]);
    const sweep = engineSweeps.find((s) => s.name === "custom domains")!;
    await sweep.run(t.app.context, new Date(Date.now() + 11 * 60_000));
    expect((await t.api.get(`/v1/status-pages/${mine.body.id}`)).body.customDomainVerified).toBe(true);
    expect((await squatter.get(`/v1/status-pages/${theirs.id}`)).body.customDomainVerified).toBe(false);
    const summary = await visit(t.url, "/summary.json", { host: "status.owner.test" });
    expect(JSON.parse(summary.body).page).toMatchObject({ id: mine.body.id });
  });
});
