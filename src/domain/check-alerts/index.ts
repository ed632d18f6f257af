export type { CheckAlertRow } from "./rows.js";
export { ListCheckAlertsQuery } from "./schemas.js";
export { checkAlertCursor } from "./cursor.js";
export { listCheckAlerts } from "./list.js";
export { pageCheckAlerts } from "./page.js";
export { pageAlertsOfChecks } from "./children.js";
export { toCheckAlertView, type CheckAlertView } from "./view.js";
