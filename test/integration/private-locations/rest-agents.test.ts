import { createHash, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createAccount } from "../../../src/domain/accounts/create.js";
import { createPrivateLocation, listPrivateLocations } from "../../../src/domain/private-locations/index.js";
import { createInProcessBus } from "../../../src/events/bus.js";
import { useTestApp } from "../../support/app.js";
import { testDatabase, testProvider } from "../../support/database.js";
import { createCheckGroup, createPrivateCheck } from "../../support/index.js";
import { isoTimestamp as iso } from "../../support/matchers.js";

/** Rows created in the same millisecond would tie on created_at; the ordering tests space them out. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

describe(`REST private location keys, queue and use on ${testProvider}`, () => {
  const t = useTestApp();
  const api = t.api;
  let slugs = 0;
  const db = () => t.db;
  const counts = async () => ({ locations: await db().privateLocation.count(), keys: await db().agentKey.count() });
  const create = async () => {
    const response = await api.post("/v1/private-locations", { name: "Lab", slugName: `lab-${++slugs}` });
    expect(response.status).toBe(201);
    return response.body;
  };

  it("creates, lists and revokes agent keys", async () => {
    const location = await create();
    const first = location.keys[0];
    await tick();
    const added = await api.post(`/v1/private-locations/${location.id}/keys`);
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: uuid,
      rawKey: expect.stringMatching(/^pl_/),
      maskedKey: expect.stringMatching(/^pl_.{4}\*+$/),
      lastUsedAt: null,
      created_at: iso,
      updated_at: null,
    });
    expect(added.body.rawKey).not.toBe(first.rawKey);
    expect(
      await db().agentKey.count({ where: { keyHash: sha256(added.body.rawKey), privateLocationId: location.id } }),
    ).toBe(1);

    const { rawKey: _r, ...masked } = added.body;
    const listed = (await api.get(`/v1/private-locations/${location.id}`)).body.keys;
    expect(listed.map((k: { id: string }) => k.id)).toEqual([first.id, added.body.id]);
    expect(listed[1]).toEqual(masked);
    expect(listed.every((k: object) => !("rawKey" in k))).toBe(true);

    expect((await api.delete(`/v1/private-locations/${location.id}/keys/${first.id}`)).status).toBe(204);
    expect((await api.delete(`/v1/private-locations/${location.id}/keys/${first.id}`)).status).toBe(404);
    expect((await api.get(`/v1/private-locations/${location.id}`)).body.keys.map((k: { id: string }) => k.id)).toEqual([
      added.body.id,
    ]);
    expect(await db().agentKey.count({ where: { keyHash: sha256(first.rawKey) } })).toBe(0);

    // A key of another location, or an id of the wrong form, is not found under this location.
    const other = await create();
    for (const keyId of [other.keys[0].id, "abc", randomUUID()]) {
      expect((await api.delete(`/v1/private-locations/${location.id}/keys/${keyId}`)).status).toBe(404);
    }
    expect(await db().agentKey.count({ where: { id: other.keys[0].id } })).toBe(1);
  });

  it("shows the queue depth (QUEUED runs) and when an agent was last seen", async () => {
    const location = await create();
    const check = await createPrivateCheck(t, [location.slugName]);
    const run = (status: string) => ({
      accountId: t.accountId,
      checkId: check.id,
      privateLocationId: location.id,
      sequenceId: randomUUID(),
      status,
      dueAt: new Date(),
    });
    await db().checkRun.createMany({
      data: [run("QUEUED"), run("QUEUED"), run("QUEUED"), run("RUNNING"), run("DONE")],
    });
    const lastSeen = new Date("2026-02-03T04:05:06.789Z");
    await db().privateLocation.update({ where: { id: location.id }, data: { lastSeenAt: lastSeen } });
    const idle = await create();

    const read = await api.get(`/v1/private-locations/${location.id}`);
    expect(read.body).toMatchObject({ queueSize: 3, lastSeen: "2026-02-03T04:05:06.789Z" });
    const listed = (await api.get("/v1/private-locations")).body as { id: string; queueSize: number }[];
    expect(listed.find((l) => l.id === location.id)?.queueSize).toBe(3);
    expect(listed.find((l) => l.id === idle.id)?.queueSize).toBe(0);
    await db().check.delete({ where: { id: check.id } });
  });

  it("refuses to delete a location that checks or groups still use (409), then deletes it with its keys and runs", async () => {
    const location = await create();
    await api.post(`/v1/private-locations/${location.id}/keys`);
    const check = await createPrivateCheck(t, ["elsewhere", location.slugName]);
    const group = await createCheckGroup(t, { privateLocations: [location.id] });
    await db().checkRun.create({
      data: {
        accountId: t.accountId,
        checkId: check.id,
        privateLocationId: location.id,
        sequenceId: randomUUID(),
        dueAt: new Date(),
      },
    });
    const before = await counts();

    const refused = await api.delete(`/v1/private-locations/${location.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      statusCode: 409,
      error: "Conflict",
      message: expect.stringContaining("2 check(s) or group(s)"),
    });
    expect(await counts()).toEqual(before);

    await db().check.update({ where: { id: check.id }, data: { privateLocations: ["elsewhere"] } });
    expect((await api.delete(`/v1/private-locations/${location.id}`)).status).toBe(409);
    await db().checkGroup.delete({ where: { id: group.id } });
    expect((await api.delete(`/v1/private-locations/${location.id}`)).status).toBe(204);
    expect(await counts()).toEqual({ locations: before.locations - 1, keys: before.keys - 2 });
    expect(await db().checkRun.count({ where: { privateLocationId: location.id } })).toBe(0);
    await db().check.delete({ where: { id: check.id } });
  });
});

describe(`private location reads in SQL on ${testProvider}`, () => {
  it("lists any number of locations with their keys and queues in the same few statements", async () => {
    const queries: string[] = [];
    const database = await testDatabase({ onQuery: (sql) => queries.push(sql) });
    try {
      const db = database.prisma;
      const account = await createAccount({ db, input: { name: "sql" } });
      const ctx = { db, accountId: account.id, events: createInProcessBus(), now: () => new Date() };
      let made = 0;
      const statements = async (more: number) => {
        for (let i = 0; i < more; i++)
          await createPrivateLocation({ ctx, input: { name: "loc", slugName: `loc-${++made}` } });
        queries.length = 0;
        const listed = await listPrivateLocations({ ctx });
        return { listed, count: queries.length };
      };
      const one = await statements(1);
      const six = await statements(5);
      expect(six.listed).toHaveLength(6);
      expect(six.listed.every((l) => l.keys.length === 1 && !("keyHash" in l.keys[0]!))).toBe(true);
      expect(six.count).toBe(one.count);
    } finally {
      await database.close();
    }
  });
});
