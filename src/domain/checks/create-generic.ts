import { z } from "zod";
import type { DomainContext } from "../shared/context.js";
import { parseInput } from "../shared/validation.js";
import { createCheck } from "./create.js";
import type { CheckRow } from "./rows.js";
import { CHECK_ROUTE_TYPES, createCheckSchema, type RoutedCheckType } from "./type-schemas.js";

const ROUTED_TYPES = Object.values(CHECK_ROUTE_TYPES) as [RoutedCheckType, ...RoutedCheckType[]];
/** Only `checkType` is read here; the type's own schema judges the rest of the body. */
const TypeOfBody = z.looseObject({ checkType: z.enum(ROUTED_TYPES) });

/** The deprecated generic create's body: one typed create body per type, told apart by `checkType`. */
export const CreateAnyCheckInput = z.discriminatedUnion(
  "checkType",
  ROUTED_TYPES.map((type) => createCheckSchema(type).extend({ checkType: z.literal(type) })) as unknown as [
    z.ZodObject,
    ...z.ZodObject[],
  ],
);

/**
 * POST /v1/checks (deprecated): the body's `checkType` picks the type, and the check is created
 * exactly as `POST /v1/checks/{type}` creates it. A type without its own create is a 400 on checkType.
 */
export async function createCheckOfBodyType({
  ctx,
  input,
  query,
}: {
  ctx: DomainContext;
  input: unknown;
  query?: unknown;
}): Promise<CheckRow> {
  const { checkType } = parseInput(TypeOfBody, input);
  return createCheck({ ctx, type: checkType, input, query });
}
