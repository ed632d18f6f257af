import { describe, expect, it } from "vitest";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { createCheck } from "../../support/index.js";
import { globalId } from "../../support/global-id.js";

const UPDATE = `mutation ($ids: [ID!]!, $input: BulkCheckUpdateInput!) { updateChecks(ids: $ids, input: $input) {
  __typename ... on UpdateChecksSuccess { data { name activated muted } }
  ... on Error { message } ... on ValidationError { fieldPaths } } }`;
const DELETE = `mutation ($ids: [ID!]!) { deleteChecks(ids: $ids) {
  __typename ... on DeleteChecksSuccess { data { deletedIds } } ... on Error { message } } }`;

/** The app's bulk actions: all of the selection or nothing, and only the caller's checks. */
describe(`GraphQL bulk check actions on ${testProvider}`, () => {
  const t = useTestApp();
  const states = async (ids: string[]) =>
    (await t.db.check.findMany({ where: { id: { in: ids } }, orderBy: { name: "asc" } })).map((c) => ({
      name: c.name,
      activated: c.activated,
      muted: c.muted,
    }));

  it("pauses, resumes and mutes checks of several types by global or REST id", async () => {
    const api = await createCheck(t, { name: "a-api" });
    const tcp = await createCheck(t, { name: "b-tcp", checkType: "TCP" });
    const ids = [globalId("ApiCheck", api.id), tcp.id];
    const paused = await t.gql(UPDATE, { ids, input: { activated: false } });
    expect(paused.body.data.updateChecks.data).toEqual([
      { name: "a-api", activated: false, muted: false },
      { name: "b-tcp", activated: false, muted: false },
    ]);
    await t.gql(UPDATE, { ids, input: { activated: true, muted: true } });
    expect(await states([api.id, tcp.id])).toEqual([
      { name: "a-api", activated: true, muted: true },
      { name: "b-tcp", activated: true, muted: true },
    ]);
  });

  it("changes nothing when one id is another account's, the list is empty or the input says nothing", async () => {
    const mine = await createCheck(t, { name: "mine" });
    const other = await t.newAccount();
    const theirs = await createCheck(t, { name: "theirs" }, other.accountId);
    const refused = await t.gql(UPDATE, { ids: [mine.id, theirs.id], input: { activated: false } });
    expect(refused.body.data.updateChecks).toEqual({
      __typename: "NotFoundError",
      message: `check "${theirs.id}" not found`,
    });
    const empty = await t.gql(UPDATE, { ids: [], input: { activated: false } });
    expect(empty.body.data.updateChecks.__typename).toBe("ValidationError");
    const nothing = await t.gql(UPDATE, { ids: [mine.id], input: {} });
    expect(nothing.body.data.updateChecks).toMatchObject({ __typename: "ValidationError" });
    const deleted = await t.gql(DELETE, { ids: [mine.id, theirs.id] });
    expect(deleted.body.data.deleteChecks.__typename).toBe("NotFoundError");
    expect(await states([mine.id, theirs.id])).toEqual([
      { name: "mine", activated: true, muted: false },
      { name: "theirs", activated: true, muted: false },
    ]);
  });

  it("deletes the selection and answers the global ids", async () => {
    const one = await createCheck(t, { name: "one" });
    const two = await createCheck(t, { name: "two", checkType: "URL" });
    const { body } = await t.gql(DELETE, { ids: [one.id, globalId("UrlCheck", two.id)] });
    expect(body.data.deleteChecks.data.deletedIds).toEqual([
      globalId("ApiCheck", one.id),
      globalId("UrlCheck", two.id),
    ]);
    expect(await t.db.check.count({ where: { id: { in: [one.id, two.id] } } })).toBe(0);
  });
});
