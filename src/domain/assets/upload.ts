import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { AgentContext } from "../agents/context.js";
import { locationRun } from "../agents/run.js";
import {
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { parseInput } from "../shared/validation.js";
import { runBytes } from "./record.js";
import { storageKeyOf } from "./rows.js";
import { allowedContentType, ASSET_CONTENT_TYPES, AssetKind, AssetName } from "./schemas.js";
import { AssetTooLargeError, type AssetsContext } from "./store.js";

const tooLarge = (max: number) =>
  new PayloadTooLargeError(`a run's files may take at most ${max} bytes together; this file is over what is left`);

/**
 * PUT /agent/v1/runs/{id}/results/{resultId}/assets/{kind}/{name}: a file of a try the agent
 * posted (its result must be of that run, of the agent's location). The body is streamed into the
 * store, counted as it arrives against what the run's files may still take (ARTIFACTS_MAX_RUN_BYTES),
 * then its row is written; one name per result.
 */
export async function uploadAgentAsset({
  ctx,
  assets,
  runId,
  resultId,
  kind,
  name,
  contentType,
  contentLength,
  body,
}: {
  ctx: AgentContext;
  assets: AssetsContext;
  runId: unknown;
  resultId: unknown;
  kind: unknown;
  name: unknown;
  contentType: string | undefined;
  contentLength: number | null;
  body: Readable;
}) {
  const type = allowedContentType(contentType);
  if (!type) throw new UnsupportedMediaTypeError(`Content-Type must be one of ${ASSET_CONTENT_TYPES.join(", ")}`);
  if (contentLength === null) throw new ValidationError("Content-Length is required", ["content-length"], "headers");
  const parsed = parseInput(AssetKind, kind, "params");
  const fileName = parseInput(AssetName, name, "params");
  const run = await locationRun(ctx, runId);
  const result = isUuid(resultId)
    ? await ctx.db.checkResult.findFirst({
        where: { id: resultId, checkRunId: run.id, accountId: ctx.accountId },
        select: { id: true, checkId: true },
      })
    : null;
  if (!result) throw new NotFoundError("check result", String(resultId));
  if (await ctx.db.checkResultAsset.findFirst({ where: { checkResultId: result.id, name: fileName } }))
    throw new ConflictError(`the result already has a file named ${JSON.stringify(fileName)}`);
  const left = assets.maxRunBytes - (await runBytes(ctx.db, run.id, result.id));
  if (contentLength > left) throw tooLarge(assets.maxRunBytes);
  const id = randomUUID();
  const row = { id, accountId: ctx.accountId, checkId: result.checkId, checkResultId: result.id };
  const storageKey = storageKeyOf(row);
  let size: number;
  try {
    size = await assets.store.put(storageKey, body, contentLength);
  } catch (error) {
    if (error instanceof AssetTooLargeError) throw tooLarge(assets.maxRunBytes);
    throw error;
  }
  if (size !== contentLength) {
    await assets.store.delete([storageKey]);
    throw new ValidationError(`the body had ${size} bytes, Content-Length said ${contentLength}`, [], "headers");
  }
  try {
    return await ctx.db.checkResultAsset.create({
      data: { ...row, checkRunId: run.id, kind: parsed, name: fileName, contentType: type, size, storageKey },
    });
  } catch (error) {
    await assets.store.delete([storageKey]);
    // Two uploads of one name at once: the unique index lets one in.
    if ((error as { code?: string }).code === "P2002")
      throw new ConflictError(`the result already has a file named ${JSON.stringify(fileName)}`);
    throw error;
  }
}
