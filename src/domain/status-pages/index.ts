export { createStatusPage } from "./create.js";
export { deleteStatusPage } from "./delete.js";
export { findStatusPage, getStatusPage } from "./get.js";
export { listStatusPages } from "./list.js";
export { statusPageInclude, withIncidents, type StatusPageRow, type StatusPageView } from "./load.js";
export * from "./schemas.js";
export { updateStatusPage } from "./update.js";
export { cardsOfStatusPages, keysOfStatusPages } from "./batch.js";
export { findPublicStatusPage, findPublicStatusPageById, getStatusPages, pageStatusPages } from "./page.js";
