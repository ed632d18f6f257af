import { UpdateCheckGroupInput } from "../../../domain/check-groups/index.js";
import { propertiesInput } from "../checks/input-fields.js";

/** The group's writable properties, as the domain's update schema lists them. */
const KEYS = Object.keys(UpdateCheckGroupInput.shape).filter(
  (key) => !["id", "created_at", "updated_at"].includes(key),
);

export const CheckGroupInput = propertiesInput(
  "CheckGroupInput",
  KEYS,
  ["name"],
  {},
  "Omitted properties take their defaults.",
);
export const CheckGroupUpdateInput = propertiesInput(
  "CheckGroupUpdateInput",
  KEYS,
  [],
  {},
  "Omitted properties keep their value; a sent list or nested object replaces the stored one.",
);
