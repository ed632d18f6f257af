import { systemContext, type AppContext } from "../app-context.js";
import { issueSetupToken } from "../domain/sessions/index.js";

/**
 * At start, while the database holds no account: one log line with the setup link (docs/decisions.md,
 * first run). The token in it is the one credential ever logged, on purpose: it opens only the
 * creation of the first account, once, for 24 h, and the next start replaces it.
 */
export async function announceFirstRun(context: AppContext, base: string): Promise<void> {
  const token = await issueSetupToken({ ctx: systemContext(context) });
  if (token === null) return;
  context.logger.info(
    { setupUrl: `${base}/setup?token=${token}` },
    "no account yet: open the setup link to create the first account and its API key",
  );
}
