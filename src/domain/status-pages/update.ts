import { json } from "../../db/json.js";
import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { checkServiceRefs } from "../status-page-services/references.js";
import { parseInput } from "../shared/validation.js";
import { cardServiceRefs, replaceCards } from "./cards.js";
import { asConflict } from "./conflicts.js";
import { checkDomainAllowed, domainFields, verifyOnSave } from "./custom-domain.js";
import { findStatusPage, getStatusPage } from "./get.js";
import { UpdateStatusPageInput } from "./schemas.js";

/** PUT: name and url are replaced, and whatever else is sent (cards too); the rest is kept. */
export async function updateStatusPage({ ctx, id, input }: { ctx: DomainContext; id: unknown; input: unknown }) {
  const current = await findStatusPage(ctx.db, ctx.accountId, id);
  const { cards, webhookSecret, ...page } = withoutResponseFields(parseInput(UpdateStatusPageInput, input));
  checkDomainAllowed(ctx, page.customDomain);
  const version = page.version === undefined || page.version === null ? page.version : String(page.version);
  try {
    await ctx.db.$transaction(async (tx) => {
      if (cards) await checkServiceRefs(tx, ctx.accountId, cardServiceRefs(cards));
      // Scoped by account again: the page may have been deleted since it was read.
      const { count } = await tx.statusPage.updateMany({
        where: { id: current.id, accountId: ctx.accountId },
        // A write-only secret sent as null or omitted keeps the stored one (as a channel's).
        data: {
          ...page,
          ...domainFields(page.customDomain, current),
          version,
          themeColors: json(page.themeColors),
          webhookSecret: webhookSecret ?? undefined,
        },
      });
      if (count === 0) throw new NotFoundError("status page", current.id);
      if (cards) await replaceCards(tx, current.id, cards);
    });
  } catch (error) {
    throw await asConflict(ctx.db, error, page, current.id);
  }
  await verifyOnSave(ctx, current.id);
  ctx.events.publish({ type: "statusPageChanged", accountId: ctx.accountId, statusPageIds: [current.id] });
  return getStatusPage({ ctx, id: current.id });
}
