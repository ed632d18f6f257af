import { type AssetView, assetsOfResults, toAssetViews } from "../../../domain/assets/index.js";
import { builder } from "../../builder.js";
import { domain, loader } from "../../context.js";
import { CheckResultRef } from "./type.js";

const CheckResultAssetRef = builder.objectRef<AssetView>("CheckResultAsset");

CheckResultAssetRef.implement({
  description: "A file the result's run produced: a screenshot on failure, a Playwright trace, the job log.",
  fields: (t) => ({
    databaseId: t.exposeString("id"),
    kind: t.exposeString("type", {
      description: "log, trace, video, screenshot, pcap, report or file (the REST manifest's `type`).",
    }),
    name: t.exposeString("name"),
    contentType: t.exposeString("contentType"),
    size: t.exposeInt("size", { description: "Bytes." }),
    url: t.exposeString("url", { description: "Downloads the file with the API key (REST)." }),
    signedUrl: t.exposeString("signedUrl", { description: "Downloads the file without a key for 15 minutes." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

builder.objectField(CheckResultRef, "assets", (t) =>
  t.field({
    type: [CheckResultAssetRef],
    description: "The files the run produced (browser-type checks), oldest first.",
    resolve: async (result, _args, ctx) => {
      const rows = await loader(ctx, "CheckResult.assets", (ids: readonly string[]) =>
        assetsOfResults({ ctx: domain(ctx), resultIds: ids }),
      ).load(result.id);
      return toAssetViews({ ctx: { ...domain(ctx), now: ctx.app.assets.now, publicUrl: ctx.baseUrl }, result, rows });
    },
  }),
);
