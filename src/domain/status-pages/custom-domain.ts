import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import type { TxtLookup } from "../../net/dns-txt.js";
import type { DomainContext, SystemContext } from "../shared/context.js";
import { ValidationError } from "../shared/errors.js";
import { isUniqueViolation } from "../shared/prisma-errors.js";

/**
 * Custom domains (docs/decisions.md, "Running tenants' code and requests safely"): a page answers
 * on its customDomain only once the TXT record `_vigil.<domain>` holds its token, so no account
 * can take over a host it does not control, the service's own included. Looked up on save,
 * every 10 minutes until verified, hourly after (a record removed unverifies the domain).
 */
export const UNVERIFIED_EVERY_MS = 10 * 60_000;
export const VERIFIED_EVERY_MS = 60 * 60_000;

/** Why a host may never be a page's domain, or null: IP literals, localhost, the service's host. */
export function refusedDomain(domain: string, publicUrl: string | undefined): string | null {
  if (isIP(domain)) return "must be a host name, not an IP address";
  if (domain === "localhost" || domain.endsWith(".localhost")) return "must not be localhost";
  if (publicUrl && URL.canParse(publicUrl) && new URL(publicUrl).hostname.toLowerCase() === domain)
    return "must not be the service's own host";
  return null;
}

/** What the owner sees (REST and GraphQL): whether the domain answers, and the token to publish. */
export function customDomainState(page: {
  customDomain: string | null;
  verifiedDomain: string | null;
  domainToken: string | null;
}) {
  return {
    customDomainVerified: page.customDomain !== null && page.verifiedDomain === page.customDomain,
    customDomainToken: page.customDomain === null ? null : page.domainToken,
  };
}

export const newDomainToken = () => `vigil-verify=${randomBytes(16).toString("hex")}`;

export const txtRecordName = (domain: string) => `_vigil.${domain}`;

type Checked = {
  id: string;
  accountId: string;
  customDomain: string | null;
  domainToken: string | null;
  verifiedDomain: string | null;
};
const checkedFields = { id: true, accountId: true, customDomain: true, domainToken: true, verifiedDomain: true };

/** Looks the page's record up and records the outcome; true when the domain is verified now. */
export async function verifyCustomDomain(ctx: SystemContext, lookup: TxtLookup, page: Checked): Promise<boolean> {
  if (!page.customDomain) return false;
  if (!page.domainToken) {
    // Set before tokens existed and missed by the migration: give it one, look next time.
    const data = { domainToken: newDomainToken(), domainCheckedAt: ctx.now() };
    await ctx.db.statusPage.updateMany({ where: { id: page.id, domainToken: null }, data });
    return false;
  }
  const records = await lookup(txtRecordName(page.customDomain));
  const verified = records.some((record) => record.trim() === page.domainToken);
  const where = { id: page.id, customDomain: page.customDomain }; // unchanged since it was read
  const checked = { domainCheckedAt: ctx.now() };
  let now: string | null = verified ? page.customDomain : null;
  try {
    await ctx.db.statusPage.updateMany({ where, data: { ...checked, verifiedDomain: now } });
  } catch (error) {
    // Another page verified this domain first: it keeps it, this one stays unverified.
    if (!isUniqueViolation(error)) throw error;
    now = null;
    await ctx.db.statusPage.updateMany({ where, data: { ...checked, verifiedDomain: null } });
  }
  // Visitors' caches hold pages by domain: one answering or no longer answering must be seen.
  if (now !== page.verifiedDomain)
    ctx.events.publish({ type: "statusPageChanged", accountId: page.accountId, statusPageIds: [page.id] });
  return now !== null;
}

/** The engine's sweep: pages whose domain is due for a look (at most `limit` a pass). */
export async function verifyDueDomains({
  ctx,
  lookup,
  now,
  limit = 50,
}: {
  ctx: SystemContext;
  lookup: TxtLookup;
  now: Date;
  limit?: number;
}): Promise<number> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const pages = await ctx.db.statusPage.findMany({
    where: {
      customDomain: { not: null },
      OR: [
        { domainCheckedAt: null },
        { verifiedDomain: null, domainCheckedAt: { lt: before(UNVERIFIED_EVERY_MS) } },
        { domainCheckedAt: { lt: before(VERIFIED_EVERY_MS) } },
      ],
    },
    select: checkedFields,
    orderBy: { domainCheckedAt: { sort: "asc", nulls: "first" } },
    take: limit,
  });
  for (const page of pages) await verifyCustomDomain(ctx, lookup, page);
  return pages.length;
}

/** Refuses (ValidationError) a domain no page may have; changes nothing. */
export function checkDomainAllowed(ctx: DomainContext, domain: string | null | undefined): void {
  const refused = domain ? refusedDomain(domain, ctx.publicUrl) : null;
  if (refused) throw new ValidationError(`customDomain: ${refused}`, ["customDomain"]);
}

/** What a write sets besides the domain: a changed domain starts unverified, with a token. */
export function domainFields(
  domain: string | null | undefined,
  current?: { customDomain: string | null; domainToken: string | null },
) {
  if (domain === undefined || domain === (current?.customDomain ?? null)) return {};
  return {
    verifiedDomain: null,
    domainCheckedAt: null,
    ...(domain && !current?.domainToken ? { domainToken: newDomainToken() } : {}),
  };
}

/** On save: the new domain is looked up at once (a failed lookup leaves it to the sweep). */
export async function verifyOnSave(ctx: DomainContext, id: string): Promise<void> {
  if (!ctx.lookupTxt) return;
  const page = await ctx.db.statusPage.findFirst({
    where: { id, accountId: ctx.accountId, customDomain: { not: null }, verifiedDomain: null },
    select: checkedFields,
  });
  if (page) await verifyCustomDomain(ctx, ctx.lookupTxt, page);
}
