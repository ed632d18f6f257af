import type { DbOrTx } from "../../db/client.js";
import type { StatusEffects } from "./effects.js";
import { recordCheckStatus } from "./record.js";
import { DEFAULT_PUBLIC_URL } from "./results.js";

/**
 * A heartbeat event's alert decision, in the event's transaction: every ping is a passing run,
 * a FAILING event (missed period plus grace) a failed one.
 */
export async function recordHeartbeatStatus({
  tx,
  accountId,
  checkId,
  outcome,
  at,
  now,
  publicUrl,
  effects,
}: {
  tx: DbOrTx;
  accountId: string;
  checkId: string;
  outcome: "PASS" | "FAIL";
  at: Date;
  now: Date;
  publicUrl: string | undefined;
  effects: StatusEffects;
}): Promise<void> {
  const failed = outcome === "FAIL";
  await recordCheckStatus({
    tx,
    accountId,
    checkId,
    now,
    publicUrl: publicUrl ?? DEFAULT_PUBLIC_URL,
    effects,
    observe: async () => ({
      kind: "run",
      outcome,
      at,
      facts: { hasFailures: failed, hasErrors: false, isDegraded: false, lastRunAt: at },
      result: null,
    }),
  });
}
