// Issue 28: the nested status-page query's answer stays byte for byte what it was while its reads
// and resolvers are made cheaper. Its text, with each id replaced by the order in which the data
// set made it (ids are random), hashes to the answer of b42d9b2; another account's pages in the
// same database never show in it; its statement count stays what it was.
import { createHash, randomUUID } from "node:crypto";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { beforeAll, describe, expect, it } from "vitest";
import { ISSUE_DATASET, NESTED_STATUS_PAGES_QUERY, seedStatusPages } from "../../support/index.js";
import { useTestApp } from "../../support/app.js";
import { testProvider } from "../../support/database.js";

/** sha256 of the normalized answer of b42d9b2 (the commit before issue 28's last changes), and its length. */
const ANSWER = { sha256: "c15fc6865f653d0da107f8a2b1c2872dd5f628865414a33703590cc5fbaafc10", length: 213_176 };

describe(`the nested status-page answer on ${testProvider}`, () => {
  let recording: string[] | null = null;
  const t = useTestApp({}, { onQuery: (sql) => recording?.push(sql) });
  const made = new Map<string, number>();
  const newId = () => {
    const id = randomUUID();
    made.set(id, made.size);
    return id;
  };

  beforeAll(async () => {
    const other = await t.newAccount("Other");
    await seedStatusPages(t.db, other.accountId, { ...ISSUE_DATASET, pages: 3 }, "other");
    await seedStatusPages(t.db, t.accountId, ISSUE_DATASET, "bench", newId);
  });

  /** Each id as the order it was made in; a global id also keeps its type, and must be the one Pothos encodes. */
  function normalized(text: string): string {
    return text.replace(/"id":"([^"]*)"/g, (_all, id: string) => {
      if (made.has(id)) return `"id":"#${made.get(id)}"`;
      const global = decodeGlobalID(id);
      expect(encodeGlobalID(global.typename, global.id)).toBe(id);
      expect(made.has(global.id), `${global.typename} ${global.id} is not of the data set`).toBe(true);
      return `"id":"${global.typename}:#${made.get(global.id)}"`;
    });
  }

  it("is the answer it was, byte for byte, in the statements it took, without another account's pages", async () => {
    const send = async () => {
      const response = await fetch(`${t.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${t.apiKey}` },
        body: JSON.stringify({ query: NESTED_STATUS_PAGES_QUERY, variables: { first: 100 } }),
      });
      expect(response.status).toBe(200);
      return response.text();
    };
    await send(); // the key's lookup, cached afterwards, is not the query's
    t.app.context.events.publish({ type: "statusPageChanged", accountId: t.accountId, statusPageIds: [] });
    recording = [];
    const text = await send();
    const statements = recording.length;
    recording = null;
    expect(text).not.toContain("other");
    const shown = normalized(text);
    expect(shown.length).toBe(ANSWER.length);
    expect(createHash("sha256").update(shown).digest("hex")).toBe(ANSWER.sha256);
    expect(statements).toBe(5);
  });
});
