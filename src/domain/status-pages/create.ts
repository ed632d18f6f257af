import { json } from "../../db/json.js";
import type { DomainContext } from "../shared/context.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { checkServiceRefs } from "../status-page-services/references.js";
import { parseInput } from "../shared/validation.js";
import { cardServiceRefs, replaceCards } from "./cards.js";
import { asConflict } from "./conflicts.js";
import { checkDomainAllowed, domainFields, verifyOnSave } from "./custom-domain.js";
import { getStatusPage } from "./get.js";
import { CreateStatusPageInput } from "./schemas.js";

/** Creates the page with its cards in one transaction; a taken url or custom domain is a conflict. */
export async function createStatusPage({ ctx, input }: { ctx: DomainContext; input: unknown }) {
  const { cards, ...page } = withoutResponseFields(parseInput(CreateStatusPageInput, input));
  checkDomainAllowed(ctx, page.customDomain);
  let id: string;
  try {
    id = await ctx.db.$transaction(async (tx) => {
      await checkServiceRefs(tx, ctx.accountId, cardServiceRefs(cards));
      const row = await tx.statusPage.create({
        data: {
          ...page,
          ...domainFields(page.customDomain),
          version: page.version === null ? null : String(page.version),
          themeColors: json(page.themeColors),
          accountId: ctx.accountId,
        },
      });
      await replaceCards(tx, row.id, cards);
      return row.id;
    });
  } catch (error) {
    throw await asConflict(ctx.db, error, page);
  }
  await verifyOnSave(ctx, id);
  ctx.events.publish({ type: "statusPageChanged", accountId: ctx.accountId, statusPageIds: [id] });
  return getStatusPage({ ctx, id });
}
