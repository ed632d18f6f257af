import { findPublicStatusPage } from "../../../domain/status-pages/index.js";
import { publicReadCache } from "../../../domain/status-pages/public/read-cache.js";
import { builder } from "../../builder.js";
import { notePublicPage } from "../../answer-cache.js";
import { StatusPageRef } from "./type.js";
import { markPublic } from "./scope.js";

builder.queryField("publicStatusPage", (t) =>
  t.field({
    type: StatusPageRef,
    nullable: true,
    description:
      "The page a visitor opens, with no API key: null unless it exists and is not private. Its cards, services, incidents " +
      "and updates answer for this page alone; keys and the rest of the account stay behind an API key.",
    args: { url: t.arg.string({ required: true }) },
    resolve: async (_root, { url }, ctx) => {
      const page = await publicReadCache(ctx.app.events).page(url, () =>
        findPublicStatusPage({ db: ctx.app.database.prisma, url }),
      );
      if (page) notePublicPage(ctx, page);
      // The scope comes from the page's own row, never from the caller (who may have no key, or another account's).
      return page && markPublic(page, { accountId: page.accountId, statusPageId: page.id });
    },
  }),
);
