export { findVisitedPage, isCustomDomain, type PageAddress, type VisitedPageRow } from "./find.js";
export {
  loadPageData,
  shownOnPage,
  pageServiceIds,
  type PageData,
  type ShownIncident,
  type ShownService,
} from "./data.js";
export { pageIncident, pageHistory, feedIncidents, HISTORY_PAGE_SIZE } from "./incidents.js";
export { pageMaintenance, type PageMaintenance } from "./maintenance.js";
export { toSummary, indicatorOf, componentStatusOf, stateDescription } from "./summary.js";
export { SEVERITY_RANK, type Bar, type Severity, type State } from "./state.js";
export { publicReadCache, PublicReadCache } from "./read-cache.js";
export {
  getPublicIncidentUpdates,
  getPublicIncidents,
  getPublicServices,
  getPublicStatusPages,
  publicIdsOf,
  type PublicNodeKind,
  type PublicIncident,
  type PublicIncidentUpdate,
} from "./nodes.js";
