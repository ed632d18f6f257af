import type { DbOrTx } from "../../db/client.js";
import { ValidationError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";

/** One list of service references and where it sits in the body, e.g. `cards.0.services`. */
export type ServiceRefList = { path: string; refs: readonly { id: string }[] };

/**
 * Every referenced service must be a service of the caller's account, and a list names each
 * service once (they are join rows). Checked in the writing transaction, so a service deleted
 * meanwhile cannot slip through. One ValidationError names every offending `path.N.id`.
 */
export async function checkServiceRefs(db: DbOrTx, accountId: string, lists: readonly ServiceRefList[]) {
  const ids = [...new Set(lists.flatMap((list) => list.refs.map((ref) => ref.id)).filter(isUuid))];
  const rows = ids.length
    ? await db.statusPageService.findMany({ where: { accountId, id: { in: ids } }, select: { id: true } })
    : [];
  const own = new Set(rows.map((row) => row.id));
  const issues: { key: string; message: string }[] = [];
  for (const { path, refs } of lists) {
    const seen = new Set<string>();
    refs.forEach(({ id }, i) => {
      const key = `${path}.${i}.id`;
      if (!own.has(id)) issues.push({ key, message: "is not a service of this account" });
      else if (seen.has(id)) issues.push({ key, message: "lists the same service twice" });
      seen.add(id);
    });
  }
  if (issues.length)
    throw new ValidationError(
      issues.map((issue) => `${issue.key}: ${issue.message}`).join("; "),
      issues.map((issue) => issue.key),
    );
}
