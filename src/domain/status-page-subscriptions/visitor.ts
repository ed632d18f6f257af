import type { SystemContext } from "../shared/context.js";
import { NotFoundError, UnauthorizedError } from "../shared/errors.js";
import { parseInput } from "../shared/validation.js";
import { enqueueConfirmation } from "./enqueue.js";
import { announceQueued, subscriberOutbox } from "./outbox.js";
import { SubscribeFormInput } from "./schemas.js";
import { readToken, tokenKey } from "./tokens.js";

/** One confirmation mail per address per page per 10 minutes, however often the form is sent. */
export const CONFIRMATION_INTERVAL_MS = 10 * 60_000;

export type VisitorPage = { id: string; accountId: string; name: string; url: string };

/**
 * The page a visitor subscribes to, by its url. A private page only for a visitor its key gate
 * let through (the web adapter checks the key or cookie: `opensPrivatePage`), else 401.
 */
async function subscribablePage(ctx: SystemContext, url: string, opensPrivatePage: boolean): Promise<VisitorPage> {
  const page = await ctx.db.statusPage.findFirst({
    where: { url: url.trim().toLowerCase() },
    select: { id: true, accountId: true, name: true, url: true, isPrivate: true },
  });
  if (!page) throw new NotFoundError("status page", url);
  if (page.isPrivate && !opensPrivatePage)
    throw new UnauthorizedError("this status page is private: subscribing needs access to it");
  return page;
}

/**
 * The subscribe form: a PENDING EMAIL subscription and a confirmation mail (durable, through the
 * outbox). The answer is the same whether the address was new, pending or verified (the form does
 * not tell who subscribes); a pending one gets its mail again only after CONFIRMATION_INTERVAL_MS.
 */
export async function subscribeByEmail({
  ctx,
  url,
  input,
  opensPrivatePage = false,
}: {
  ctx: SystemContext;
  url: string;
  input: unknown;
  /** The visitor passed the page's key gate (a valid key or access cookie). */
  opensPrivatePage?: boolean;
}) {
  const { email } = parseInput(SubscribeFormInput, input);
  const page = await subscribablePage(ctx, url, opensPrivatePage);
  const outbox = await subscriberOutbox(ctx);
  const now = ctx.now();
  const queued = await ctx.db.$transaction(async (tx) => {
    const existing = await tx.statusPageSubscription.findUnique({
      where: { statusPageId_type_address: { statusPageId: page.id, type: "EMAIL", address: email } },
    });
    if (existing?.status === "VERIFIED") return 0;
    if (existing) {
      // Compare-and-set on the last send: two forms at once send one mail.
      const { count } = await tx.statusPageSubscription.updateMany({
        where: {
          id: existing.id,
          status: "PENDING",
          OR: [
            { confirmationSentAt: null },
            { confirmationSentAt: { lte: new Date(now.getTime() - CONFIRMATION_INTERVAL_MS) } },
          ],
        },
        data: { confirmationSentAt: now },
      });
      return count ? enqueueConfirmation(outbox(tx, now), [existing.id]) : 0;
    }
    const created = await tx.statusPageSubscription.create({
      data: { statusPageId: page.id, type: "EMAIL", address: email, status: "PENDING", confirmationSentAt: now },
    });
    return enqueueConfirmation(outbox(tx, now), [created.id]);
  });
  announceQueued(ctx, page.accountId, queued);
  return { page, email };
}

/** The subscription a token names on this page, or null (a wrong, forged or used-up token). */
async function subscriptionOf(ctx: SystemContext, url: string, purpose: "confirm" | "unsubscribe", token: unknown) {
  const id = readToken(await tokenKey(ctx.db), purpose, token);
  if (!id) return null;
  return ctx.db.statusPageSubscription.findFirst({
    where: { id, statusPage: { url: url.trim().toLowerCase() } },
    include: { statusPage: { select: { id: true, accountId: true, name: true, url: true } } },
  });
}

/** The confirmation link: PENDING becomes VERIFIED (again: no change). Null for an unknown token. */
export async function confirmSubscription({ ctx, url, token }: { ctx: SystemContext; url: string; token: unknown }) {
  const subscription = await subscriptionOf(ctx, url, "confirm", token);
  if (!subscription) return null;
  if (subscription.status !== "VERIFIED")
    await ctx.db.statusPageSubscription.updateMany({ where: { id: subscription.id }, data: { status: "VERIFIED" } });
  return { page: subscription.statusPage as VisitorPage, address: subscription.address };
}

/** The unsubscribe link (RFC 8058 one-click too): deletes the subscription. Null for an unknown token. */
export async function unsubscribe({ ctx, url, token }: { ctx: SystemContext; url: string; token: unknown }) {
  const subscription = await subscriptionOf(ctx, url, "unsubscribe", token);
  if (!subscription) return null;
  await ctx.db.statusPageSubscription.deleteMany({ where: { id: subscription.id } });
  return { page: subscription.statusPage as VisitorPage, address: subscription.address };
}
