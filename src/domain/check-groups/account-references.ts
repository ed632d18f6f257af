import type { DbOrTx } from "../../db/client.js";
import { ValidationError } from "../errors.js";
import { isUuid, parseIntId } from "../ids.js";

type References = {
  privateLocations?: string[] | null;
  alertChannelSubscriptions?: { alertChannelId: number }[];
};

/**
 * Checks what a group body names in the account: each private location (by slugName or id) and
 * each alert channel must be the caller's. Every miss is reported together, as parseInput does.
 * Returns the private locations as slug names, the form the group stores and shows.
 */
export async function resolveReferences(db: DbOrTx, accountId: string, body: References): Promise<string[] | null | undefined> {
  const names = body.privateLocations;
  const subscriptions = body.alertChannelSubscriptions ?? [];
  const [locations, channels] = await Promise.all([
    names?.length
      ? db.privateLocation.findMany({
          where: { accountId, OR: [{ slugName: { in: names } }, { id: { in: names.filter(isUuid).map((id) => id.toLowerCase()) } }] },
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

  const issues: { key: string; message: string }[] = [];
  const slugOf = new Map(locations.flatMap((l) => [[l.slugName, l.slugName] as const, [l.id, l.slugName] as const]));
  const slugs: string[] = [];
  names?.forEach((name, index) => {
    const slug = slugOf.get(name) ?? (isUuid(name) ? slugOf.get(name.toLowerCase()) : undefined);
    if (!slug) issues.push({ key: `privateLocations.${index}`, message: "is not a private location of this account" });
    else if (slugs.includes(slug)) issues.push({ key: `privateLocations.${index}`, message: "names a private location already listed" });
    else slugs.push(slug);
  });
  const known = new Set(channels.map((c) => c.id));
  subscriptions.forEach((s, index) => {
    if (!known.has(s.alertChannelId)) issues.push({ key: `alertChannelSubscriptions.${index}.alertChannelId`, message: "is not an alert channel of this account" });
  });

  if (issues.length) throw new ValidationError(issues.map((i) => `${i.key}: ${i.message}`).join("; "), issues.map((i) => i.key));
  return names ? slugs : names;
}
