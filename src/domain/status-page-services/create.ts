import type { DomainContext } from "../shared/context.js";
import { parseInput } from "../shared/validation.js";
import { ServiceInput } from "./schemas.js";

export async function createService({ ctx, input }: { ctx: DomainContext; input: unknown }) {
  const { name } = parseInput(ServiceInput, input);
  return ctx.db.statusPageService.create({ data: { name, accountId: ctx.accountId } });
}
