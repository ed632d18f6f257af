import { builder } from "../builder.js";
import { requireCaller } from "../context.js";

type AccountShape = { id: string; name: string; createdAt: Date };

export const AccountRef = builder.objectRef<AccountShape>("Account").implement({
  description: "A tenant: every resource belongs to exactly one account.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    createdAt: t.string({ resolve: (account) => account.createdAt.toISOString() }),
  }),
});

const ViewerRef = builder.objectRef<{ accountId: string }>("Viewer").implement({
  description: "The caller, as identified by its API key.",
  fields: (t) => ({
    account: t.field({
      type: AccountRef,
      resolve: async ({ accountId }, _args, ctx) =>
        ctx.app.database.prisma.account.findUniqueOrThrow({ where: { id: accountId }, select: { id: true, name: true, createdAt: true } }),
    }),
  }),
});

builder.queryField("viewer", (t) =>
  t.field({
    type: ViewerRef,
    description: "The account of the API key that sent the request.",
    resolve: (_root, _args, ctx) => ({ accountId: requireCaller(ctx).accountId }),
  }),
);
