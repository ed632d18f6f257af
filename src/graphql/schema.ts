import { lexicographicSortSchema, printSchema } from "graphql";
import { builder } from "./builder.js";
import "./types/scalars.js";
import "./types/errors.js";
import "./types/account.js";
import "./types/maintenance-window.js";
import "./types/check.js";
import "./types/check-group.js";
import "./types/private-location.js";
import "./types/check-result.js";
import "./types/check-session.js";
import "./types/heartbeat.js";
import "./types/status-page.js";
import "./types/status-page-service.js";
import "./types/incident.js";
import "./types/subscriptions.js";

builder.queryType({});
builder.mutationType({});

export const schema = builder.toSchema();

/** What `npm run schema` writes to schema.graphql (sorted, so diffs stay readable). */
export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
