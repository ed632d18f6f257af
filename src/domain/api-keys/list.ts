import type { DomainContext } from "../shared/context.js";
import { apiKeySelect, toApiKeyView, type ApiKeyView } from "./view.js";

/** The account's keys that still open it (revoked ones are gone), oldest first, masked. */
export async function listApiKeys({ ctx }: { ctx: DomainContext }): Promise<ApiKeyView[]> {
  const rows = await ctx.db.apiKey.findMany({
    where: { accountId: ctx.accountId, revokedAt: null },
    select: apiKeySelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(toApiKeyView);
}
