import type { z } from "zod";
import { json } from "../../db/json.js";
import type { UpdateCheckGroupInput } from "./schemas.js";

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
export function toColumns<F extends Fields>(
  fields: F,
): Omit<F, NullableJson> & Record<NullableJson, ReturnType<typeof json>> {
  return {
    ...fields,
    browserCheckDefaults: json(fields.browserCheckDefaults),
    environmentVariables: json(fields.environmentVariables),
    alertSettings: json(fields.alertSettings),
    privateLocations: json(fields.privateLocations),
    retryStrategy: json(fields.retryStrategy),
  };
}
