import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import {
  ASSET_KINDS,
  type AssetRow,
  getResultAsset,
  getSignedAsset,
  ListAssetsQuery,
  listResultAssets,
  openAsset,
  SignedLinkQuery,
  toAssetViews,
} from "../../domain/assets/index.js";
import type { AssetView } from "../../domain/assets/index.js";
import { type Route, type RouteInput, uuidParam } from "../route.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The asset store and its settings (set by buildApp). */
    assets: AppContext["assets"];
  }
}

/** The reference's AssetManifest (with each entry's size and signed link besides). */
const AssetManifestEntry = z.object({
  type: z.enum(ASSET_KINDS),
  name: z.string(),
  url: z.string().describe("Downloads the file with the API key"),
  signedUrl: z.string().describe("Downloads the file without a key for 15 minutes"),
  signedUrlExpiresAt: z.string(),
  contentType: z.string(),
  size: z.number().int().describe("Bytes"),
  source: z.object({
    type: z.literal("check-result"),
    checkId: z.string(),
    checkName: z.string(),
    checkType: z.string().optional(),
    resultId: z.string(),
  }),
});
const AssetManifest = z.object({ assets: z.array(AssetManifestEntry) });

const toEntry = ({ id: _id, createdAt: _at, ...entry }: AssetView) => entry;

/** Streams an asset's file with its type, length and download name. */
async function sendAsset({ request, reply }: RouteInput, row: AssetRow) {
  const { stream, size } = await openAsset(request.server.assets.store, row);
  return reply
    .status(200)
    .header("content-type", row.contentType)
    .header("content-length", String(size))
    .header("content-disposition", `attachment; filename="${row.name}"`)
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, max-age=0")
    .send(stream);
}

const tag = "Check results";
const checkId = uuidParam("The id of the check");
const checkResultId = uuidParam("The id of the check result");
const file = z.string().meta({ format: "binary" }).describe("The file");

export const assetsRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/check-results/{checkId}/{checkResultId}/assets",
    operationId: "getCheckResultAssets",
    summary: "Retrieve the asset manifest of a check result",
    description:
      "The files the result's run produced (screenshot on failure, Playwright trace, job log), each with a URL that downloads it with the API key and a signed URL that downloads it without one for 15 minutes.",
    tag,
    params: { checkId, checkResultId },
    query: ListAssetsQuery,
    status: 200,
    response: AssetManifest,
    handler: async ({ ctx, params, query, request }) => {
      const { result, rows } = await listResultAssets({
        ctx,
        checkId: params.checkId,
        checkResultId: params.checkResultId,
        query,
      });
      const base = `${request.protocol}://${request.host}`;
      const views = await toAssetViews({
        ctx: { ...ctx, now: request.server.assets.now, publicUrl: base },
        result,
        rows,
      });
      return { assets: views.map(toEntry) };
    },
  },
  {
    method: "GET",
    path: "/v1/check-results/{checkId}/{checkResultId}/assets/{assetId}",
    operationId: "downloadCheckResultAsset",
    summary: "Download an asset of a check result",
    description: "The file itself, with its Content-Type, Content-Length and a Content-Disposition naming it.",
    tag,
    params: { checkId, checkResultId, assetId: uuidParam("The id of the asset") },
    status: 200,
    response: file,
    responseType: "application/octet-stream",
    handler: async (input) =>
      sendAsset(
        input,
        await getResultAsset({
          ctx: input.ctx,
          checkId: input.params.checkId,
          checkResultId: input.params.checkResultId,
          assetId: input.params.assetId,
        }),
      ),
  },
  {
    method: "GET",
    path: "/v1/assets/{assetId}",
    operationId: "downloadSignedAsset",
    summary: "Download an asset by a signed link",
    description:
      "No API key: the link from an asset manifest (`signedUrl`) carries an expiry and a signature, and works for 15 minutes. An expired or altered link is a 403.",
    tag,
    auth: false,
    strictQuery: true,
    params: { assetId: uuidParam("The id of the asset") },
    query: SignedLinkQuery,
    status: 200,
    response: file,
    responseType: "application/octet-stream",
    otherResponses: { 403: "The link's signature is not valid, or the link has expired" },
    handler: async (input) =>
      sendAsset(
        input,
        await getSignedAsset({
          ctx: { db: input.ctx.db, now: input.request.server.assets.now },
          assetId: input.params.assetId,
          query: input.query,
        }),
      ),
  },
];
