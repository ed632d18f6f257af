import type { AppContext } from "../../app-context.js";
import type { Caller } from "../../auth/authenticate.js";
import { UnauthorizedError } from "../../domain/shared/errors.js";
import { findPublicStatusPageById } from "../../domain/status-pages/index.js";
import type { VigilEvent } from "../../events/bus.js";
import { sharedLoad } from "./shared-load.js";

/**
 * Who may hear an event: a key's account (all of its events), or, without a key, the visitors of
 * one status page that is not private (that page's incident events, nothing else of the account).
 */
export type Audience = { accountId: string; publicPageId: string | null };

const publicPage = (app: AppContext, statusPageId: unknown) =>
  findPublicStatusPageById({ db: app.database.prisma, id: statusPageId });

/**
 * The caller's audience. Without a key only a public page's incident events may be heard; a
 * private page, a missing one and any other subscription answer alike (UNAUTHENTICATED), so
 * nothing tells a visitor which private pages exist.
 */
export async function audienceOf(
  app: AppContext,
  caller: Caller | null,
  visitor: { statusPageId?: string | null } | null,
): Promise<Audience> {
  if (caller) return { accountId: caller.accountId, publicPageId: null };
  const page = visitor?.statusPageId ? await publicPage(app, visitor.statusPageId) : null;
  if (!page) {
    const what = visitor ? "a status page that is not private" : "its events";
    throw new UnauthorizedError(`this subscription needs an API key ('Authorization: Bearer <API key>') or ${what}`);
  }
  return { accountId: page.accountId, publicPageId: page.id };
}

/** Decided before anything is loaded: another account's events never reach a subscriber. */
export function hears(audience: Audience, event: VigilEvent): boolean {
  if (event.accountId !== audience.accountId) return false;
  if (audience.publicPageId === null) return true;
  return "statusPageIds" in event && event.statusPageIds.includes(audience.publicPageId);
}

/**
 * Whether a visitor may still hear this event: a page made private (or deleted) after the visitor
 * subscribed stops its stream. One query per event and page, whatever the number of visitors.
 */
export async function stillHears(app: AppContext, audience: Audience, event: VigilEvent): Promise<boolean> {
  const pageId = audience.publicPageId;
  if (pageId === null) return true;
  const page = await sharedLoad(event, `public-page:${pageId}`, () => publicPage(app, pageId));
  return page?.accountId === audience.accountId;
}
