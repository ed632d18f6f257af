export { createAgentKey } from "./create-key.js";
export { createPrivateLocation } from "./create.js";
export { deleteAgentKey } from "./delete-key.js";
export { deletePrivateLocation } from "./delete.js";
export { getPrivateLocation } from "./get.js";
export { listPrivateLocations } from "./list.js";
export { updatePrivateLocation } from "./update.js";
export type { AgentKeyView, PrivateLocationView } from "./view.js";
export * from "./schemas.js";
