import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";

describe(`REST check groups: bodies, tenancy, ids and documentation on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  const count = () => t.db.checkGroup.count();

  it("ignores the response-only properties id, created_at and updated_at", async () => {
    const created = await api.post("/v1/check-groups", {
      name: "Ignored",
      id: 424242,
      created_at: "2000-01-01",
      updated_at: "2000-01-01",
    });
    expect(created.status).toBe(201);
    expect(created.body.id).not.toBe(424242);
    expect(created.body.created_at).not.toMatch(/^2000/);
    const updated = await api.put(`/v1/check-groups/${created.body.id}`, { id: 1, created_at: "2000-01-01" });
    expect(updated.status).toBe(200);
    expect(updated.body.id).toBe(created.body.id);
    expect(updated.body.created_at).toBe(created.body.created_at);
  });

  it("answers malformed JSON with 400, a non-JSON body with 415, a non-object body with 400", async () => {
    const before = await count();
    const malformed = await api.raw("POST", "/v1/check-groups", {
      body: "{ nope",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    const text = await api.raw("POST", "/v1/check-groups", {
      body: "name=x",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    for (const body of [["x"], "x", 3, null]) expect((await api.post("/v1/check-groups", body)).status).toBe(400);
    expect((await api.post("/v1/check-groups")).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it("keeps accounts apart: another account's group is 404 on every item path and absent from its list", async () => {
    const { body } = await api.post("/v1/check-groups", { name: "Mine" });
    const other = await t.newAccount();
    const stranger = restClient(t.url, other.apiKey);
    expect((await stranger.get(`/v1/check-groups/${body.id}`)).status).toBe(404);
    // The 404 comes before validation: an invalid body tells a stranger nothing either.
    expect((await stranger.put(`/v1/check-groups/${body.id}`, { name: "Theirs" })).status).toBe(404);
    expect((await stranger.put(`/v1/check-groups/${body.id}`, { concurrency: 0 })).status).toBe(404);
    expect((await stranger.delete(`/v1/check-groups/${body.id}`)).status).toBe(404);
    expect((await stranger.get("/v1/check-groups")).body).toEqual([]);
    expect((await api.get(`/v1/check-groups/${body.id}`)).body).toEqual(body);
  });

  it.each(["abc", "0", "-1", "1.5", "1e3", "99999999999", "%20"])(
    "answers 404 for the id %s on every item path",
    async (bad) => {
      expect((await api.get(`/v1/check-groups/${bad}`)).status).toBe(404);
      expect((await api.put(`/v1/check-groups/${bad}`, { name: "x" })).status).toBe(404);
      expect((await api.delete(`/v1/check-groups/${bad}`)).status).toBe(404);
    },
  );

  it("documents the operations in /openapi.json", async () => {
    const document = (await api.get("/openapi.json")).body;
    const update = document.paths["/v1/check-groups/{id}"].put;
    expect(update.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "autoAssignAlerts", in: "query", required: false })]),
    );
    expect(update.requestBody.content["application/json"].schema.additionalProperties).toBe(false);
    expect(Object.keys(document.paths["/v1/check-groups/{id}"].delete.responses)).toEqual(
      expect.arrayContaining(["204", "404", "409"]),
    );
    const list = document.paths["/v1/check-groups"].get.parameters.map((p: { name: string }) => p.name);
    expect(list).toEqual(expect.arrayContaining(["limit", "page", "tag", "name"]));
    expect(
      document.paths["/v1/check-groups"].post.responses["201"].content["application/json"].schema.required,
    ).toEqual(expect.arrayContaining(["name", "activated", "concurrency", "apiCheckDefaults"]));
  });
});
