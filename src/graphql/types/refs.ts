import type { HeartbeatEvent, IncidentUpdate, StatusPage } from "../../generated/sqlite/client.js";
import type { CheckResultRow } from "../../domain/check-results/index.js";
import type { CheckRow } from "../../domain/checks/persist.js";
import type { IncidentView } from "../../domain/incidents/load.js";
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
export const HeartbeatEventRef = builder.objectRef<HeartbeatEvent>("HeartbeatEvent");
export const StatusPageRef = builder.objectRef<StatusPage>("StatusPage");
export const IncidentRef = builder.objectRef<IncidentView>("Incident");
export const IncidentUpdateRef = builder.objectRef<IncidentUpdate>("IncidentUpdate");
