import { randomUUID } from "node:crypto";
import type { DbOrTx } from "../../db/client.js";
import type { RunAsset } from "../monitoring/tries.js";
import { storageKeyOf } from "./rows.js";
import { assetKindOf, KEEP_ORDER } from "./schemas.js";
import type { AssetsContext } from "./store.js";

/** The result a try's files belong to (as recordHeldTries answered it). */
export type RecordedResult = { id: string; accountId: string; checkId: string; checkRunId: number | null };

/** What the run's files already take (earlier tries' files count against the same cap). */
export async function runBytes(db: DbOrTx, checkRunId: number | null, checkResultId: string): Promise<number> {
  const where = checkRunId === null ? { checkResultId } : { checkRunId };
  const { _sum } = await db.checkResultAsset.aggregate({ where, _sum: { size: true } });
  return _sum.size ?? 0;
}

/** A runner's file name as a download name: letters, digits, '.', '_' and '-', unique in the result. */
function safeNames(files: readonly RunAsset[]): string[] {
  const seen = new Set<string>();
  return files.map((file) => {
    const base =
      file.name
        .replace(/[^A-Za-z0-9._-]/g, "_")
        .replace(/^[._]+/, "")
        .slice(0, 90) || "file";
    let name = base;
    for (let i = 2; seen.has(name); i++) name = `${i}-${base}`;
    seen.add(name);
    return name;
  });
}

/**
 * Stores the files a try produced with its recorded result (the engine calls this after the
 * result committed; the runner removes its directory afterwards). At most `maxRunBytes` a run:
 * the screenshot and the log are kept first, a trace or video over the cap is dropped (`dropped`
 * names them, and the caller logs it). Each file is copied into the store, then its row written.
 */
export async function storeRunAssets({
  ctx,
  assets,
  result,
  files,
}: {
  ctx: { db: DbOrTx };
  assets: AssetsContext;
  result: RecordedResult;
  files: readonly RunAsset[];
}): Promise<{ stored: string[]; dropped: string[] }> {
  let used = await runBytes(ctx.db, result.checkRunId, result.id);
  const names = safeNames(files);
  const order = files
    .map((file, index) => ({ file, name: names[index]!, kind: assetKindOf(file.kind) }))
    .sort((a, b) => KEEP_ORDER[a.kind] - KEEP_ORDER[b.kind]);
  const stored: string[] = [];
  const dropped: string[] = [];
  for (const { file, name, kind } of order) {
    if (used + file.size > assets.maxRunBytes) {
      dropped.push(name);
      continue;
    }
    const id = randomUUID();
    const row = { id, accountId: result.accountId, checkId: result.checkId, checkResultId: result.id };
    const storageKey = storageKeyOf(row);
    const size = await assets.store.put(storageKey, { path: file.path }, assets.maxRunBytes - used);
    try {
      await ctx.db.checkResultAsset.create({
        data: { ...row, checkRunId: result.checkRunId, kind, name, contentType: file.contentType, size, storageKey },
      });
    } catch (error) {
      await assets.store.delete([storageKey]);
      throw error;
    }
    used += size;
    stored.push(name);
  }
  return { stored, dropped };
}
