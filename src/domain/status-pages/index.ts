export { createStatusPage } from "./create.js";
export { customDomainState } from "./custom-domain.js";
export { deleteStatusPage } from "./delete.js";
export { findPublicStatusPage, findPublicStatusPageById, findStatusPage, getStatusPage } from "./get.js";
export { listStatusPages } from "./list.js";
export {
  statusPageInclude,
  type StatusPageCardRow,
  type StatusPageKeyRow,
  type StatusPageRow,
  type StatusPageWithCardsRow,
} from "./rows.js";
export { toStatusPageViews, type StatusPageView } from "./view.js";
export * from "./schemas.js";
export { updateStatusPage } from "./update.js";
export { cardsOfStatusPages, keysOfStatusPages } from "./children.js";
export { pageStatusPages } from "./page.js";
export { getStatusPages } from "./batch.js";
export { DEFAULT_COLORS } from "./theme-defaults.js";
