import { findPublicStatusPage } from "../../../domain/status-pages/index.js";
import { builder } from "../../builder.js";
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
      const page = await findPublicStatusPage({ db: ctx.app.database.prisma, url });
      // The scope comes from the page's own row, never from the caller (who may have no key, or another account's).
      return page && markPublic(page, { accountId: page.accountId, statusPageId: page.id });
    },
  }),
);
