export { createCheckGroup } from "./create.js";
export { deleteCheckGroup } from "./delete.js";
export { getCheckGroup } from "./get.js";
export { listCheckGroups } from "./list.js";
export { updateCheckGroup } from "./update.js";
export * from "./schemas.js";
export { pageCheckGroups } from "./page.js";
export { getCheckGroups } from "./batch.js";
export type { CheckGroupRow } from "./rows.js";
