// Issue 27, point 5: the operator app creates and edits checks of every type the API takes. The
// app's own documents (its Relay artifacts, built from app/src/screens/form/) and the inputs its
// form makes (inputFor) are sent to the real GraphQL API: each type is created, read back by the
// edit form's query as the form would show it, and updated.
import { describe, expect, it } from "vitest";
import { inputFor } from "../../../app/src/screens/form/input.js";
import { type CheckKind, EMPTY, emptyOf, type FormValues, KINDS } from "../../../app/src/screens/form/values.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";

const SCRIPT = `import { test } from "@playwright/test";\ntest("home", async ({ page }) => { await page.goto("http://127.0.0.1:9/"); });\n`;
const FILLED: Record<CheckKind, Partial<FormValues>> = {
  API: {
    method: "POST",
    url: "http://127.0.0.1:9/api",
    assertions: [{ source: "STATUS_CODE", property: "", comparison: "EQUALS", target: "201", regex: null }],
    headers: [{ key: "X-Probe", value: "1", locked: false }],
    retry: { ...EMPTY.retry, type: "FIXED" },
    degradedResponseTime: "4000",
    frequency: "0:30",
  },
  URL: { url: "http://127.0.0.1:9/page", assertions: [] },
  TCP: { hostname: "db.internal.test", port: "5432" },
  DNS: { query: "vigil.test", recordType: "MX" },
  ICMP: { hostname: "gateway.internal.test" },
  SSL: { hostname: "shop.internal.test", port: "8443", alertDays: "10" },
  HEARTBEAT: { period: "2", periodUnit: "DAYS", grace: "30", graceUnit: "MINUTES" },
  BROWSER: { script: SCRIPT },
  MULTI_STEP: { script: SCRIPT.replace("page", "request") },
};
/** What the edit form's query reads back of each type (its aliases), for the values sent. */
const READ: Record<CheckKind, (v: FormValues) => Record<string, unknown>> = {
  API: (v) => ({
    apiRequest: {
      method: v.method,
      url: v.url,
      assertions: [{ source: "STATUS_CODE", target: "201" }],
      headers: [{ key: "X-Probe", value: "1" }],
    },
    retryStrategy: { type: "FIXED" },
    degradedResponseTime: 4000,
    frequency: 0,
    frequencyOffset: 30,
  }),
  URL: (v) => ({ urlRequest: { url: v.url, assertions: [] } }),
  TCP: (v) => ({ tcpRequest: { hostname: v.hostname, port: Number(v.port) } }),
  DNS: (v) => ({ dnsRequest: { query: v.query, recordType: v.recordType } }),
  ICMP: (v) => ({ icmpRequest: { hostname: v.hostname } }),
  SSL: (v) => ({
    sslRequest: {
      sslConfig: { hostname: v.hostname, port: Number(v.port), alertDaysBeforeExpiry: Number(v.alertDays) },
    },
  }),
  HEARTBEAT: (v) => ({
    heartbeat: { period: Number(v.period), periodUnit: v.periodUnit, grace: Number(v.grace), graceUnit: v.graceUnit },
  }),
  BROWSER: (v) => ({ browserScript: v.script }),
  MULTI_STEP: (v) => ({ multiStepScript: v.script }),
};
const pascal = (kind: CheckKind) =>
  kind
    .split("_")
    .map((part) => part[0] + part.slice(1).toLowerCase())
    .join("");
/** The create or update document of a type: SSL's live in their own file (sslMutations.ts). */
const mutationName = (kind: CheckKind, verb: "Create" | "Update") =>
  kind === "SSL" ? `sslMutations${verb}Mutation` : `mutations${verb}${pascal(kind)}Mutation`;
/** The text of one of the app's generated Relay documents. */
const documentText = async (name: string): Promise<string> =>
  (await import(`../../../app/src/__generated__/${name}.graphql.ts`)).default.params.text;

describe(`the operator app's check form against the API on ${testProvider}`, () => {
  const t = useTestApp();

  it("creates, reads back and updates a check of every type with the app's own documents", async () => {
    const formQuery = await documentText("CheckFormQuery");
    expect(KINDS).toEqual(Object.keys(FILLED));
    for (const kind of KINDS) {
      const values: FormValues = { ...emptyOf(kind), name: `App ${kind}`, tags: "app, form", ...FILLED[kind] };
      const create = await documentText(mutationName(kind, "Create"));
      const created = await t.gql(create, { input: inputFor(values) });
      expect(created.body.errors, kind).toBeUndefined();
      const id = created.body.data.result.data?.id;
      expect(id, `${kind}: ${JSON.stringify(created.body.data.result)}`).toEqual(expect.any(String));

      const read = await t.gql(formQuery, { id, hasId: true });
      expect(read.body.data.node, kind).toMatchObject({
        checkType: kind,
        name: `App ${kind}`,
        tags: ["app", "form"],
        activated: true,
        ...READ[kind](values),
      });

      const update = await documentText(mutationName(kind, "Update"));
      const edited = { ...values, name: `App ${kind} edited`, activated: false };
      const updated = await t.gql(update, { id, input: inputFor(edited, values) });
      expect(updated.body.data.result.data?.id, `${kind}: ${JSON.stringify(updated.body)}`).toBe(id);
      const again = await t.gql(formQuery, { id, hasId: true });
      // The edit sent only the name and the pause: everything else read back as before.
      expect(again.body.data.node, kind).toMatchObject({
        ...READ[kind](values),
        name: `App ${kind} edited`,
        activated: false,
      });
    }
  });

  it("gets the API's validation error with the field paths the form places beside its fields", async () => {
    const create = await documentText("mutationsCreateDnsMutation");
    const count = () => t.db.check.count({ where: { accountId: t.accountId } });
    const before = await count();
    const values: FormValues = { ...EMPTY, kind: "DNS", name: "", query: "", recordType: "A" };
    const refused = await t.gql(create, { input: inputFor(values) });
    expect(refused.body.data.result).toMatchObject({
      __typename: "ValidationError",
      fieldPaths: expect.arrayContaining(["name", "request.query"]),
    });
    expect(await count()).toBe(before);
  });
});
