// Issue 29, "An edit reaches the next run", for private-location agents: their claims share a cache
// of checks (src/domain/agents/claim.ts), so a run claimed right after a PUT carries the edited
// check, not the one a claim a moment before read.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { restClient } from "../../support/rest.js";

const facts = { version: "0.1.0", platform: "linux", runtimeVersion: "v20.0.0" };

describe(`an agent's claim after an edit on ${testProvider}`, () => {
  const t = useTestApp();

  it("hands out the edited check at once", async () => {
    const location = await t.api.post("/v1/private-locations", { name: "Lab", slugName: "agent-edits" });
    expect(location.status).toBe(201);
    const agent = restClient(t.url, location.body.keys[0].rawKey);
    const created = await t.api.post("/v1/checks/api", {
      name: "private",
      locations: [],
      privateLocations: ["agent-edits"],
      request: { method: "GET", url: "http://127.0.0.1:9/old" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const checkId = created.body.id as string;
    const claimedUrl = async () => {
      const triggered = await t.api.post("/v1/check-sessions/trigger", { target: { checkId: [checkId] } });
      expect(triggered.status).toBe(201);
      const claimed = await agent.post("/agent/v1/claims", { agentId: randomUUID(), limit: 10, waitMs: 0, ...facts });
      expect(claimed.status).toBe(200);
      return claimed.body.runs.map((run: { effective: { request: { url: string } } }) => run.effective.request.url);
    };

    expect(await claimedUrl()).toEqual(["http://127.0.0.1:9/old"]);
    const edited = await t.api.put(`/v1/checks/api/${checkId}`, {
      request: { method: "GET", url: "http://127.0.0.1:9/new" },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await claimedUrl()).toEqual(["http://127.0.0.1:9/new"]);
  });
});
