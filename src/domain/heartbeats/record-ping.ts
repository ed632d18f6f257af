import type { Db } from "../../db/client.js";
import { createGroupCommit, type GroupCommit } from "../../db/group-commit.js";
import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { parseInput } from "../shared/validation.js";
import { type Ping, recordPings } from "./ping-batch.js";
import type { HeartbeatEventRow } from "./rows.js";
import { PingInput } from "./schemas.js";

/** Pings are many and small: a batch is far cheaper to commit than each alone (SQLite's one writer). */
const MAX_BATCH = 256;
/** How long a ping that finds the writer idle waits for others: a little latency for far fewer commits. */
const WINDOW_MS = 2;
const writers = new WeakMap<Db, GroupCommit<Ping, HeartbeatEventRow>>();

function writerOf(ctx: DomainContext) {
  let writer = writers.get(ctx.db);
  if (!writer) {
    const system = { db: ctx.db, read: ctx.read, events: ctx.events, now: ctx.now, publicUrl: ctx.publicUrl };
    writer = createGroupCommit((pings) => recordPings(system, pings), { maxBatch: MAX_BATCH, windowMs: WINDOW_MS });
    writers.set(ctx.db, writer);
  }
  return writer;
}

/**
 * A ping of a heartbeat check, by its secret token (no API key: the token is the credential, so
 * the account is the check's). Records one event whose state is judged against the previous event.
 * The pings of a process are group-committed (src/db/group-commit.ts): this resolves once the
 * event is stored, so a 2xx still means stored.
 */
export async function recordHeartbeatPing({
  ctx,
  pingToken,
  input,
}: {
  ctx: DomainContext;
  pingToken: unknown;
  input: PingInput;
}): Promise<HeartbeatEventRow> {
  const { origin, referer, userAgent } = parseInput(PingInput, input);
  // The token is a secret: the error does not echo it.
  if (typeof pingToken !== "string" || pingToken.length === 0 || pingToken.length > 200)
    throw new NotFoundError("heartbeat check for this ping token");
  return writerOf(ctx).write({ pingToken, at: ctx.now(), source: origin ?? referer, userAgent });
}
