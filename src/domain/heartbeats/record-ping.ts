import { noStatusEffects, runStatusEffects } from "../check-statuses/effects.js";
import { recordHeartbeatStatus } from "../check-statuses/heartbeats.js";
import type { DomainContext } from "../context.js";
import { heartbeatRollupInput, writeRollups } from "../rollups/index.js";
import { NotFoundError } from "../errors.js";
import { parseInput } from "../validation.js";
import { PingInput } from "./schemas.js";
import { heartbeatTiming, pingState } from "./state.js";

/**
 * A ping of a heartbeat check, by its secret token (no API key: the token is the credential, so
 * the account is the check's). Records one event whose state is judged against the previous event.
 */
export async function recordHeartbeatPing({
  ctx,
  pingToken,
  input,
}: {
  ctx: DomainContext;
  pingToken: unknown;
  input: PingInput;
}) {
  const { origin, referer, userAgent } = parseInput(PingInput, input);
  const check =
    typeof pingToken === "string" && pingToken.length > 0 && pingToken.length <= 200
      ? await ctx.db.check.findUnique({
          where: { pingToken },
          select: { id: true, accountId: true, checkType: true, heartbeat: true },
        })
      : null;
  // The token is a secret: the error does not echo it.
  if (check?.checkType !== "HEARTBEAT") throw new NotFoundError("heartbeat check for this ping token");

  const previous = await ctx.db.heartbeatEvent.findFirst({
    where: { checkId: check.id },
    orderBy: [{ timestamp: "desc" }, { id: "desc" }],
    select: { state: true, timestamp: true },
  });
  const at = ctx.now();
  const state = pingState({ timing: heartbeatTiming(check.heartbeat), previous, at });
  const effects = noStatusEffects();
  const event = await ctx.db.$transaction(async (tx) => {
    const event = await tx.heartbeatEvent.create({
      data: {
        accountId: check.accountId,
        checkId: check.id,
        state,
        timestamp: at,
        source: origin ?? referer,
        userAgent,
      },
    });
    await recordHeartbeatStatus({
      tx,
      accountId: check.accountId,
      checkId: check.id,
      outcome: "PASS",
      at,
      now: at,
      publicUrl: ctx.publicUrl,
      effects,
    });
    // After the status, as every writer does (no lock cycle): the event counts in its hour's rollup.
    await writeRollups(tx, [heartbeatRollupInput(event)]);
    return event;
  });
  ctx.events.publish({
    type: "heartbeatEventRecorded",
    accountId: check.accountId,
    checkId: check.id,
    eventId: event.id,
    state,
  });
  await runStatusEffects(ctx, effects);
  return event;
}
