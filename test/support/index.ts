// The one place a test takes its data from: the factories and every entity's fixtures. Helpers
// that start things (app.ts, database.ts, browser.ts...) keep their own modules.
export * from "./factories.js";
export * from "./fixtures/alert-channels.js";
export * from "./fixtures/alert-notifications.js";
export * from "./fixtures/check-alerts.js";
export * from "./fixtures/check-groups.js";
export * from "./fixtures/check-statuses.js";
export * from "./fixtures/checks.js";
export * from "./fixtures/heartbeats.js";
export * from "./fixtures/incidents.js";
export * from "./fixtures/maintenance-windows.js";
export * from "./fixtures/private-locations.js";
export * from "./fixtures/results.js";
export * from "./fixtures/services.js";
export * from "./fixtures/ssl.js";
export * from "./fixtures/status-page-dataset.js";
export * from "./fixtures/status-pages.js";
