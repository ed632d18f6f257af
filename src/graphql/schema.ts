import { lexicographicSortSchema, printSchema } from "graphql";
import { builder } from "./builder.js";
// Every type file, once, as Pothos' examples/complex-app does: no type file imports another for its side effects.
import "./types/shared/scalars.js";
import "./types/shared/errors.js";
import "./types/shared/deleted.js";
import "./types/accounts/type.js";
import "./types/checks/enums.js";
import "./types/checks/settings.js";
import "./types/checks/requests.js";
import "./types/checks/type.js";
import "./types/checks/kinds.js";
import "./types/checks/setting-inputs.js";
import "./types/checks/input-fields.js";
import "./types/checks/inputs.js";
import "./types/checks/mutations.js";
import "./types/check-groups/type.js";
import "./types/check-groups/inputs.js";
import "./types/check-groups/mutations.js";
import "./types/check-results/enums.js";
import "./types/check-results/api-result.js";
import "./types/check-results/agentic-result.js";
import "./types/check-results/browser-result.js";
import "./types/check-results/type.js";
import "./types/check-statuses/type.js";
import "./types/check-alerts/type.js";
import "./types/check-sessions/type.js";
import "./types/check-sessions/inputs.js";
import "./types/check-sessions/mutations.js";
import "./types/heartbeats/type.js";
import "./types/maintenance-windows/enums.js";
import "./types/maintenance-windows/type.js";
import "./types/maintenance-windows/inputs.js";
import "./types/maintenance-windows/mutations.js";
import "./types/private-locations/reports.js";
import "./types/private-locations/type.js";
import "./types/private-locations/inputs.js";
import "./types/private-locations/mutations.js";
import "./types/services/type.js";
import "./types/services/inputs.js";
import "./types/services/mutations.js";
import "./types/incidents/enums.js";
import "./types/incidents/type.js";
import "./types/incidents/inputs.js";
import "./types/incidents/mutations.js";
import "./types/status-pages/theme.js";
import "./types/status-pages/scope.js";
import "./types/status-pages/cards.js";
import "./types/status-pages/type.js";
import "./types/status-pages/public.js";
import "./types/status-pages/inputs.js";
import "./types/status-pages/mutations.js";
import "./types/status-pages/keys.js";
import "./node-visitors.js";
import "./types/status-page-subscriptions/type.js";
import "./types/status-page-subscriptions/inputs.js";
import "./types/status-page-subscriptions/mutations.js";
import "./types/alert-channels/enums.js";
import "./types/alert-channels/config.js";
import "./types/alert-channels/type.js";
import "./types/alert-channels/inputs.js";
import "./types/alert-channels/mutations.js";
import "./types/alert-settings/type.js";
import "./types/alert-notifications/type.js";
import "./types/reporting/type.js";
import "./subscriptions/fields.js";

builder.queryType({});
builder.mutationType({});

export const schema = builder.toSchema();

/** What `npm run schema` writes to schema.graphql (sorted, so diffs stay readable). */
export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
