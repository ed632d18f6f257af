import type { DomainContext } from "../context.js";
import { parseInput } from "../validation.js";
import { getService } from "./get.js";
import { ServiceInput } from "./schemas.js";

export async function updateService({ ctx, id, input }: { ctx: DomainContext; id: unknown; input: unknown }) {
  const service = await getService({ ctx, id });
  const { name } = parseInput(ServiceInput, input);
  return ctx.db.statusPageService.update({ where: { id: service.id }, data: { name } });
}
