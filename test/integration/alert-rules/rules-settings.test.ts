// docs/decisions.md, Alerting, "Settings in force" and parallel runs: checks, groups and the
// account's settings written through REST (as clients store them), results recorded through the
// domain; each test has its own account, since the account's settings apply to all its checks.
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { alertRulesKit, minute } from "../../support/alert-rules.js";
import { restClient } from "../../support/rest.js";

const threshold = (failedRunThreshold: number) => ({
  escalationType: "RUN_BASED",
  runBasedEscalation: { failedRunThreshold },
});
const request = { method: "GET", url: "https://example.com" };

describe(`alert rules: settings in force on ${testProvider}`, () => {
  const t = useTestApp();
  const { db, record, alertTypes, outbox, channel, subscribe } = alertRulesKit(t);

  async function account() {
    const { accountId, apiKey } = await t.newAccount();
    const api = restClient(t.url, apiKey);
    const created = async (path: string, body: Record<string, unknown>) => {
      const response = await api.post(path, body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body as { id: string & number };
    };
    /** How many failed runs (one a minute) it takes to raise ALERT_FAILURE (0: none within 5). */
    const failuresToAlert = async (checkId: string) => {
      for (let i = 1; i <= 5; i++) {
        await record(checkId, "FAIL", minute(i), {}, accountId);
        if ((await alertTypes(checkId)).includes("ALERT_FAILURE")) return i;
      }
      return 0;
    };
    return { accountId, api, created, failuresToAlert };
  }

  it("a check in a group follows the group's settings, or the account's when the group uses the global ones", async () => {
    const { api, created, failuresToAlert } = await account();
    expect((await api.put("/v1/alert-settings", threshold(3))).status).toBe(200);
    const own = await created("/v1/check-groups", {
      name: "own",
      locations: ["eu-west-1"],
      useGlobalAlertSettings: false,
      alertSettings: threshold(2),
    });
    const global = await created("/v1/check-groups", {
      name: "global",
      locations: ["eu-west-1"],
      useGlobalAlertSettings: true,
      alertSettings: threshold(5),
    });
    // The check's own settings do not count in a group.
    const checkOf = (groupId: number) =>
      created("/v1/checks/api", {
        name: `in ${groupId}`,
        request,
        groupId,
        useGlobalAlertSettings: false,
        alertSettings: threshold(1),
      });
    expect(await failuresToAlert((await checkOf(own.id)).id)).toBe(2);
    expect(await failuresToAlert((await checkOf(global.id)).id)).toBe(3);
  });

  it("a check outside groups follows its own settings, or the account's when it uses the global ones", async () => {
    const { api, created, failuresToAlert } = await account();
    expect((await api.put("/v1/alert-settings", threshold(4))).status).toBe(200);
    const own = await created("/v1/checks/api", {
      name: "own",
      request,
      locations: ["eu-west-1"],
      useGlobalAlertSettings: false,
      alertSettings: threshold(2),
    });
    const global = await created("/v1/checks/api", {
      name: "global",
      request,
      locations: ["eu-west-1"],
      useGlobalAlertSettings: true,
      alertSettings: threshold(1),
    });
    expect(await failuresToAlert(own.id)).toBe(2);
    expect(await failuresToAlert(global.id)).toBe(4);
    // A change of the account's settings applies to the next decision.
    expect((await api.put("/v1/alert-settings", threshold(2))).status).toBe(200);
    const later = await created("/v1/checks/api", { name: "later", request, locations: ["eu-west-1"] });
    expect(await failuresToAlert(later.id)).toBe(2);
  });

  describe("parallel runs (runParallel on 3 locations)", () => {
    const locations = ["eu-west-1", "us-east-1", "ap-south-1"];

    /** One parallel run as the scheduler queues it (3 runs sharing a sequenceId), its results recorded at once. */
    async function parallelRun(check: { id: string }, accountId: string, failing: string[], at: Date) {
      const sequenceId = crypto.randomUUID();
      const runs = await Promise.all(
        locations.map((location) =>
          db().checkRun.create({
            data: {
              accountId,
              checkId: check.id,
              location,
              sequenceId,
              sequenceSize: locations.length,
              status: "RUNNING",
              dueAt: at,
              claimedAt: at,
            },
          }),
        ),
      );
      await Promise.all(
        runs.map((run) =>
          record(
            check.id,
            failing.includes(run.location!) ? "FAIL" : "PASS",
            at,
            { checkRunId: run.id, runLocation: run.location!, sequenceId },
            accountId,
          ),
        ),
      );
    }

    it("with parallelRunFailureThreshold at 50%: one failing location of three raises nothing, two raise ALERT_FAILURE once", async () => {
      const { accountId, api, created } = await account();
      const put = await api.put("/v1/alert-settings", {
        parallelRunFailureThreshold: { enabled: true, percentage: 50 },
      });
      expect(put.status).toBe(200);
      const check = await created("/v1/checks/api", { name: "parallel", request, locations, runParallel: true });
      const c = await channel({}, accountId);
      await subscribe(c.id, { checkId: check.id });

      await parallelRun(check, accountId, ["us-east-1"], minute(0));
      expect(await alertTypes(check.id)).toEqual([]);
      const status = await db().checkStatus.findUniqueOrThrow({ where: { checkId: check.id } });
      expect(status).toMatchObject({ condition: "PASSING", alerted: "NONE", runs: 1 });

      await parallelRun(check, accountId, ["us-east-1", "ap-south-1"], minute(1));
      expect(await alertTypes(check.id)).toEqual(["ALERT_FAILURE"]);
      expect(await outbox(check.id)).toEqual([["ALERT_FAILURE", c.id]]);
      await parallelRun(check, accountId, ["eu-west-1"], minute(2));
      expect(await alertTypes(check.id)).toEqual(["ALERT_FAILURE", "ALERT_RECOVERY"]);
    });

    it("without the threshold, any failing location fails the run, still alerted once", async () => {
      const { accountId, created } = await account();
      const check = await created("/v1/checks/api", { name: "parallel", request, locations, runParallel: true });
      await parallelRun(check, accountId, ["us-east-1"], minute(0));
      await parallelRun(check, accountId, locations, minute(1));
      expect(await alertTypes(check.id)).toEqual(["ALERT_FAILURE"]);
    });
  });
});
