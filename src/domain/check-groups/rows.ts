import type { z } from "zod";
import { json } from "../../db/json.js";
import type { Prisma } from "../../generated/sqlite/client.js";
import { searchForm } from "../shared/search-form.js";
import type { UpdateCheckGroupInput } from "./schemas.js";

/** What every verb returns: the group with its alert channel subscriptions, in the order they were made. */
export const checkGroupInclude = {
  alertChannelSubscriptions: { orderBy: { id: "asc" } },
} satisfies Prisma.CheckGroupInclude;
export type CheckGroupRow = Prisma.CheckGroupGetPayload<{ include: typeof checkGroupInclude }>;

type Fields = Omit<
  z.output<typeof UpdateCheckGroupInput>,
  "id" | "created_at" | "updated_at" | "alertChannelSubscriptions"
>;
type NullableJson =
  | "browserCheckDefaults"
  | "environmentVariables"
  | "alertSettings"
  | "privateLocations"
  | "retryStrategy";

/** A parsed body as CheckGroup columns: nullable JSON values need json() (undefined stays "unchanged"). */
export function toCheckGroupData<F extends Fields>(
  fields: F,
): Omit<F, NullableJson> & Record<NullableJson, ReturnType<typeof json>> & { searchName?: string } {
  return {
    ...fields,
    browserCheckDefaults: json(fields.browserCheckDefaults),
    environmentVariables: json(fields.environmentVariables),
    alertSettings: json(fields.alertSettings),
    privateLocations: json(fields.privateLocations),
    retryStrategy: json(fields.retryStrategy),
    // checkGroups(search:) matches this column: it follows the name on every write.
    ...(typeof fields.name === "string" ? { searchName: searchForm(fields.name) } : {}),
  };
}
