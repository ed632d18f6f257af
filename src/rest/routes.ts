import type { Route } from "./route.js";
import { badgesRoutes } from "./badges.js";
import { pingsRoutes } from "./pings.js";
import { alertChannelsRoutes } from "./v1/alert-channels.js";
import { apiKeysRoutes } from "./v1/api-keys.js";
import { alertSettingsRoutes } from "./v1/alert-settings.js";
import { checkAlertsRoutes } from "./v1/check-alerts.js";
import { alertNotificationsRoutes } from "./v1/alert-notifications.js";
import { checkGroupsRoutes } from "./v1/check-groups.js";
import { assetsRoutes } from "./v1/assets.js";
import { checkResultsRoutes } from "./v1/check-results.js";
import { checkSessionsRoutes } from "./v1/check-sessions.js";
import { checkStatusesRoutes } from "./v1/check-statuses.js";
import { checksRoutes } from "./v1/checks.js";
import { heartbeatsRoutes } from "./v1/heartbeats.js";
import { incidentsRoutes } from "./v1/incidents.js";
import { maintenanceWindowsRoutes } from "./v1/maintenance-windows.js";
import { maintenancesRoutes } from "./v1/maintenances.js";
import { privateLocationsRoutes } from "./v1/private-locations.js";
import { statusPageKeysRoutes } from "./v1/status-page-keys.js";
import { reportingRoutes } from "./v1/reporting.js";
import { statusPageServicesRoutes } from "./v1/status-page-services.js";
import { statusPageSubscriptionsRoutes } from "./v1/status-page-subscriptions.js";
import { statusPagesRoutes } from "./v1/status-pages.js";
import { checkResultsV2Routes } from "./v2/check-results.js";
import { checksV2Routes } from "./v2/checks.js";
import { groupChecksRoutes } from "./v1/check-group-checks.js";
import { checkReadRoutes } from "./v1/check-reads.js";
import { checkGroupsV2Routes } from "./v2/check-groups.js";
import { checkSessionsV2Routes } from "./v2/check-sessions.js";
import { genericCheckRoutes } from "./v1/checks-generic.js";
import { privateLocationMetricsRoutes } from "./v1/private-location-metrics.js";
import { analyticsRoutes } from "./v1/analytics.js";

/** Every REST operation: registered on the server and documented in /openapi.json from this one list. */
export const routes: readonly Route[] = [
  ...maintenanceWindowsRoutes,
  ...maintenancesRoutes,
  ...checkGroupsRoutes,
  ...checkGroupsV2Routes,
  ...checksRoutes,
  ...genericCheckRoutes,
  ...checkReadRoutes("v1"),
  ...groupChecksRoutes("v1"),
  ...checksV2Routes,
  ...checkResultsRoutes,
  ...assetsRoutes,
  ...checkResultsV2Routes,
  ...checkSessionsRoutes,
  ...checkSessionsV2Routes,
  ...checkStatusesRoutes,
  ...checkAlertsRoutes,
  ...statusPagesRoutes,
  ...statusPageKeysRoutes,
  ...statusPageSubscriptionsRoutes,
  ...statusPageServicesRoutes,
  ...incidentsRoutes,
  ...heartbeatsRoutes,
  ...privateLocationsRoutes,
  ...privateLocationMetricsRoutes,
  ...alertChannelsRoutes,
  ...alertSettingsRoutes,
  ...alertNotificationsRoutes,
  ...reportingRoutes,
  ...analyticsRoutes,
  ...apiKeysRoutes,
  ...pingsRoutes,
  ...badgesRoutes,
];
