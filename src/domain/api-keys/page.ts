import type { DomainContext } from "../shared/context.js";
import { keysetPage, type PageArgs } from "../shared/pagination.js";
import { apiKeySelect, toApiKeyView } from "./view.js";

/** One page of the account's keys that still open it, newest first, masked: an account may hold any number. */
export async function pageApiKeys({ ctx, args }: { ctx: DomainContext; args: PageArgs }) {
  const page = await keysetPage(args, "createdAt", (where, orderBy, take) =>
    ctx.db.apiKey.findMany({
      where: { ...where, accountId: ctx.accountId, revokedAt: null },
      select: apiKeySelect,
      orderBy,
      take,
    }),
  );
  return { ...page, nodes: page.nodes.map(toApiKeyView) };
}
