// Signing in to the operator app with an API key: the vigil_session cookie, what it opens (GraphQL
// only, never REST), sign-out, and the idle and absolute ends (timestamps set in the database).
import { describe, expect, it } from "vitest";
import { hashKey } from "../../../src/domain/api-keys/keys.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";
import { cookieGql, SESSION, SIGN_IN, SIGN_OUT, sessionPair, signIn } from "../../support/sessions.js";

const VIEWER = "{ viewer { account { id } } }";
const tokenOf = (pair: string) => pair.slice("vigil_session=".length);

describe(`sessions on ${testProvider}`, () => {
  const t = useTestApp();

  it("signIn sets an HttpOnly, SameSite=Lax cookie for / that opens /graphql and not /v1", async () => {
    const account = await t.newAccount("Signed in");
    const answer = await cookieGql(t.url, SIGN_IN, { variables: { apiKey: account.apiKey } });
    expect(answer.body.data.signIn.session.account).toEqual({ id: account.accountId });
    const [set] = answer.cookies;
    expect(set).toMatch(/^vigil_session=[A-Za-z0-9_-]{43}; /);
    expect(set!.split("; ").slice(1).sort()).toEqual(["HttpOnly", "Max-Age=2592000", "Path=/", "SameSite=Lax"]);
    const cookie = sessionPair(answer);

    const { session } = answer.body.data.signIn;
    expect(new Date(session.expiresAt).getTime() - new Date(session.createdAt).getTime()).toBe(30 * 86_400_000);
    expect(new Date(session.idleExpiresAt).getTime() - new Date(session.createdAt).getTime()).toBe(12 * 3_600_000);
    // Only the hash is stored.
    const row = await t.db.session.findUniqueOrThrow({ where: { tokenHash: hashKey(tokenOf(cookie)) } });
    expect(row).toMatchObject({ accountId: account.accountId, userId: null });

    expect((await cookieGql(t.url, VIEWER, { cookie })).body.data.viewer.account.id).toBe(account.accountId);
    expect((await cookieGql(t.url, SESSION, { cookie })).body.data.session.account).toEqual({
      id: account.accountId,
      name: "Signed in",
    });
    const rest = await fetch(`${t.url}/v1/checks`, { headers: { cookie } });
    expect(rest.status).toBe(401);
    // A Bearer key wins over the cookie; the session is then not the caller's.
    const both = await cookieGql(t.url, `{ viewer { account { id } } session { createdAt } }`, {
      cookie,
      headers: { authorization: `Bearer ${t.apiKey}` },
    });
    expect(both.body.data).toEqual({ viewer: { account: { id: t.accountId } }, session: null });
  });

  it("refuses a wrong, malformed or revoked key with one message, and sets no cookie", async () => {
    const account = await t.newAccount("Refusals");
    const spare = await t.newAccount("Spare");
    const revokedId = (await t.db.apiKey.findFirstOrThrow({ where: { accountId: spare.accountId } })).id;
    await t.db.apiKey.update({ where: { id: revokedId }, data: { revokedAt: new Date() } });
    const answers = await Promise.all(
      [`${account.apiKey}x`, "not a key at all", "", spare.apiKey].map((apiKey) =>
        cookieGql(t.url, SIGN_IN, { variables: { apiKey } }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.cookies).toEqual([]);
      expect(answer.body.data.signIn.__typename).toBe("UnauthenticatedError");
    }
    expect(new Set(answers.map((answer) => answer.body.data.signIn.message)).size).toBe(1);
    expect(await t.db.session.count({ where: { accountId: { in: [account.accountId, spare.accountId] } } })).toBe(0);
  });

  it("signOut deletes the session and clears the cookie; the old cookie opens nothing", async () => {
    const account = await t.newAccount("Sign out");
    const cookie = await signIn(t.url, account.apiKey);
    const out = await cookieGql(t.url, SIGN_OUT, { cookie });
    expect(out.body.data.signOut).toEqual({ __typename: "SignOutSuccess", signedOut: true });
    expect(out.cookies).toEqual(["vigil_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"]);
    expect(await t.db.session.count({ where: { accountId: account.accountId } })).toBe(0);
    expect((await cookieGql(t.url, SESSION, { cookie })).body.data.session).toBeNull();
    const viewer = await cookieGql(t.url, VIEWER, { cookie });
    expect(viewer.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    // Signing in again replaces the browser's session: the one it held ends.
    const first = await signIn(t.url, account.apiKey);
    const again = await cookieGql(t.url, SIGN_IN, { cookie: first, variables: { apiKey: account.apiKey } });
    expect(sessionPair(again)).not.toBe(first);
    expect((await cookieGql(t.url, SESSION, { cookie: first })).body.data.session).toBeNull();
    expect((await cookieGql(t.url, SESSION, { cookie: sessionPair(again) })).body.data.session).not.toBeNull();
    // Signing out without a session: nothing to end, the cookie cleared anyway.
    expect((await cookieGql(t.url, SIGN_OUT, {})).body.data.signOut.signedOut).toBe(false);
  });

  it("ends a session idle 12 hours, or 30 days after sign-in, and writes lastSeenAt at most once a minute", async () => {
    const account = await t.newAccount("Expiry");
    const idle = await signIn(t.url, account.apiKey);
    const old = await signIn(t.url, account.apiKey);
    const where = (cookie: string) => ({ tokenHash: hashKey(tokenOf(cookie)) });

    // Seen 30 s ago: not written again; seen 2 minutes ago: written.
    const recent = new Date(Date.now() - 30_000);
    await t.db.session.update({ where: where(idle), data: { lastSeenAt: recent } });
    await cookieGql(t.url, SESSION, { cookie: idle });
    expect((await t.db.session.findUniqueOrThrow({ where: where(idle) })).lastSeenAt).toEqual(recent);
    await t.db.session.update({ where: where(idle), data: { lastSeenAt: new Date(Date.now() - 120_000) } });
    const seen = await cookieGql(t.url, SESSION, { cookie: idle });
    const lastSeenAt = (await t.db.session.findUniqueOrThrow({ where: where(idle) })).lastSeenAt;
    expect(Date.now() - lastSeenAt.getTime()).toBeLessThan(60_000);
    expect(new Date(seen.body.data.session.idleExpiresAt).getTime()).toBe(lastSeenAt.getTime() + 12 * 3_600_000);

    await t.db.session.update({
      where: where(idle),
      data: { lastSeenAt: new Date(Date.now() - 12 * 3_600_000 - 1000) },
    });
    expect((await cookieGql(t.url, SESSION, { cookie: idle })).body.data.session).toBeNull();
    expect(await t.db.session.count({ where: where(idle) })).toBe(0);

    await t.db.session.update({ where: where(old), data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await cookieGql(t.url, VIEWER, { cookie: old })).body.errors?.[0]?.extensions?.code).toBe(
      "UNAUTHENTICATED",
    );
    expect(await t.db.session.count({ where: where(old) })).toBe(0);
  });

  it("refuses the session of a revoked key from its next request", async () => {
    const account = await t.newAccount("Revoked");
    const cookie = await signIn(t.url, account.apiKey);
    await t.db.apiKey.updateMany({ where: { accountId: account.accountId }, data: { revokedAt: new Date() } });
    expect((await cookieGql(t.url, SESSION, { cookie })).body.data.session).toBeNull();
  });
});

describe(`sessions and the key-less limit on ${testProvider}`, () => {
  const t = useTestApp({ KEYLESS_RATE_LIMIT_PER_MINUTE: "3" });

  it("counts sign-in attempts per address, and a signed-in session against its key instead", async () => {
    const cookie = await signIn(t.url, t.apiKey); // 1 of 3
    for (let i = 0; i < 6; i++) expect((await cookieGql(t.url, SESSION, { cookie })).body.data.session).not.toBeNull();
    const wrong = { variables: { apiKey: "vg_wrong_key_0123456789" } };
    const withCookie = await cookieGql(t.url, SIGN_IN, { ...wrong, cookie }); // 2: counted although signed in
    expect(withCookie.body.data.signIn.__typename).toBe("UnauthenticatedError");
    expect((await cookieGql(t.url, SIGN_IN, wrong)).body.data.signIn.__typename).toBe("UnauthenticatedError"); // 3
    const refused = await cookieGql(t.url, SIGN_IN, wrong);
    expect(refused.status).toBe(429);
    // A cookie that opens nothing is key-less traffic too.
    expect((await cookieGql(t.url, SESSION, { cookie: `vigil_session=${"A".repeat(43)}` })).status).toBe(429);
    expect((await cookieGql(t.url, SESSION, { cookie })).body.data.session).not.toBeNull();
  });
});
