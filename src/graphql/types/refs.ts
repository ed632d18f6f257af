import type { HeartbeatEventRow } from "../../domain/heartbeats/index.js";
import type { IncidentUpdateRow } from "../../domain/incidents/index.js";
import type { StatusPageRow } from "../../domain/status-pages/index.js";
import type { CheckResultRow } from "../../domain/check-results/index.js";
import type { CheckRow } from "../../domain/checks/rows.js";
import type { IncidentView } from "../../domain/incidents/view.js";
import { builder } from "../builder.js";

/**
 * Types that several files use: declared here, implemented by the file of their own noun
 * (check.ts implements CheckRef, incident.ts IncidentRef, ...), so that other files can add
 * fields to them or return them (subscriptions) without importing each other.
 */
export const CheckRef = builder.interfaceRef<CheckRow>("Check");
/** The HEARTBEAT check type (check.ts implements it; heartbeat.ts adds its events and availability). */
export const HeartbeatCheckRef = builder.objectRef<CheckRow>("HeartbeatCheck");
export const CheckResultRef = builder.objectRef<CheckResultRow>("CheckResult");
export const HeartbeatEventRef = builder.objectRef<HeartbeatEventRow>("HeartbeatEvent");
export const StatusPageRef = builder.objectRef<StatusPageRow>("StatusPage");
export const IncidentRef = builder.objectRef<IncidentView>("Incident");
export const IncidentUpdateRef = builder.objectRef<IncidentUpdateRow>("IncidentUpdate");
