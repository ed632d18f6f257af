export { createCheckGroup } from "./create.js";
export { deleteCheckGroup } from "./delete.js";
export { getCheckGroup, type CheckGroupWithSubscriptions } from "./get.js";
export { listCheckGroups } from "./list.js";
export { updateCheckGroup } from "./update.js";
export * from "./schemas.js";
export { getCheckGroups, pageCheckGroups } from "./page.js";
