export { getAlertSettings } from "./get.js";
export { updateAlertSettings } from "./update.js";
export * from "./schemas.js";
