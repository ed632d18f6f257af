import type { DbOrTx } from "../../db/client.js";
import { isUuid, parseIntId } from "./ids.js";

export type ReferenceIssue = { key: string; message: string };

/**
 * What a check or group body names in the caller's account: each private location (by slug name
 * or id) and each alert channel must be the caller's; another account's is reported exactly like
 * one that does not exist. Private locations come back as slug names, the form that is stored and
 * shown (slug names cannot change); null and undefined come back as they were.
 */
export async function resolveAccountReferences(
  db: DbOrTx,
  accountId: string,
  body: { privateLocations?: string[] | null; alertChannelSubscriptions?: { alertChannelId: number }[] | null },
): Promise<{ privateLocations: string[] | null | undefined; issues: ReferenceIssue[] }> {
  const names = body.privateLocations;
  const subscriptions = body.alertChannelSubscriptions ?? [];
  const [locations, channels] = await Promise.all([
    names?.length
      ? db.privateLocation.findMany({
          where: {
            accountId,
            OR: [{ slugName: { in: names } }, { id: { in: names.filter(isUuid).map((id) => id.toLowerCase()) } }],
          },
          select: { id: true, slugName: true },
        })
      : [],
    subscriptions.length
      ? db.alertChannel.findMany({
          // An id past the column's range cannot exist; leaving it out keeps the query valid.
          where: { accountId, id: { in: subscriptions.flatMap((s) => parseIntId(s.alertChannelId) ?? []) } },
          select: { id: true },
        })
      : [],
  ]);

  const issues: ReferenceIssue[] = [];
  const slugOf = new Map(locations.flatMap((l) => [[l.slugName, l.slugName] as const, [l.id, l.slugName] as const]));
  const slugs: string[] = [];
  names?.forEach((name, index) => {
    const slug = slugOf.get(name) ?? (isUuid(name) ? slugOf.get(name.toLowerCase()) : undefined);
    if (!slug) issues.push({ key: `privateLocations.${index}`, message: "is not a private location of this account" });
    else if (slugs.includes(slug))
      issues.push({ key: `privateLocations.${index}`, message: "names a private location already listed" });
    else slugs.push(slug);
  });
  const known = new Set(channels.map((c) => c.id));
  subscriptions.forEach((s, index) => {
    if (!known.has(s.alertChannelId))
      issues.push({
        key: `alertChannelSubscriptions.${index}.alertChannelId`,
        message: "is not an alert channel of this account",
      });
  });
  return { privateLocations: names ? slugs : names, issues };
}
