import { builder } from "../../builder.js";
import { loader, requireCaller, type GraphQLContext } from "../../context.js";

/** The account row, read only when a field other than `id` is asked for (and once per request). */
type AccountRow = { id: string; name: string; createdAt: Date };

function accountRow(ctx: GraphQLContext, id: string): Promise<AccountRow> {
  // DataLoader turns an Error in the batch into a rejection of that one load.
  return loader<string, AccountRow | Error>(ctx, "Account.byId", async (ids) => {
    const rows = await ctx.app.database.prisma.account.findMany({
      where: { id: { in: [...ids] } },
      select: { id: true, name: true, createdAt: true },
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((key) => byId.get(key) ?? new Error(`account ${key} not found`));
  }).load(id) as Promise<AccountRow>;
}

export const AccountRef = builder.objectRef<{ id: string }>("Account").implement({
  description: "A tenant: every resource belongs to exactly one account.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.string({ resolve: async (account, _args, ctx) => (await accountRow(ctx, account.id)).name }),
    createdAt: t.field({
      type: "DateTime",
      resolve: async (account, _args, ctx) => (await accountRow(ctx, account.id)).createdAt,
    }),
  }),
});

export const ViewerRef = builder.objectRef<{ accountId: string }>("Viewer").implement({
  description: "The caller, as identified by its API key.",
  fields: (t) => ({
    // The key already names the account: `{ viewer { account { id } } }` costs no query.
    account: t.field({ type: AccountRef, resolve: ({ accountId }) => ({ id: accountId }) }),
  }),
});

builder.queryField("viewer", (t) =>
  t.field({
    type: ViewerRef,
    description: "The account of the API key that sent the request.",
    resolve: (_root, _args, ctx) => ({ accountId: requireCaller(ctx).accountId }),
  }),
);
