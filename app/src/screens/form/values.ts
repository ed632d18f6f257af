// The check form's values: one shape for every type keeps the form one component; input.ts sends
// only what the chosen type takes.
// The ".js" endings: the API's integration tests (NodeNext) import this file and input.ts.
import { type AlertValues, alertValuesOf } from "./alertSettings.js";
import { type IncidentValues, NO_INCIDENT } from "./incident.js";
import type { AssertionRow, Pair } from "./rows.js";
import { type RetryValues, retryValuesOf } from "./retryStrategy.js";

export type CheckKind = "API" | "URL" | "TCP" | "DNS" | "ICMP" | "SSL" | "HEARTBEAT" | "BROWSER" | "MULTI_STEP";
export const KINDS: CheckKind[] = ["API", "URL", "TCP", "DNS", "ICMP", "SSL", "HEARTBEAT", "BROWSER", "MULTI_STEP"];

export type FormValues = {
  kind: CheckKind;
  name: string;
  description: string;
  frequency: string;
  locations: string[];
  tags: string;
  activated: boolean;
  muted: boolean;
  shouldFail: boolean;
  runParallel: boolean;
  /** Milliseconds, as typed; empty on a new check: the type's default. */
  degradedResponseTime: string;
  maxResponseTime: string;
  retry: RetryValues;
  useGlobalAlertSettings: boolean;
  alert: AlertValues;
  /** The group's global id; "": in no group. */
  groupId: string;
  /** Slug names of the account's private locations. */
  privateLocations: string[];
  channels: { alertChannelId: number; activated: boolean }[];
  incident: IncidentValues;
  method: string;
  url: string;
  /** The request's assertions (API, URL, TCP, DNS, ICMP), of the sources the type takes. */
  assertions: AssertionRow[];
  headers: Pair[];
  queryParameters: Pair[];
  body: string;
  bodyType: string;
  basicAuthUser: string;
  basicAuthPassword: string;
  followRedirects: boolean;
  skipSSL: boolean;
  setupScript: string;
  tearDownScript: string;
  /** Browser and multi-step checks' variables; `locked` is `secret` (write-only). */
  variables: Pair[];
  hostname: string;
  port: string;
  /** SSL: the run fails this many days before the certificate expires. */
  alertDays: string;
  query: string;
  recordType: string;
  /** DNS: the name server asked ("": the system's resolver), its port and protocol. */
  nameServer: string;
  dnsPort: string;
  dnsProtocol: string;
  /** TCP: the bytes written once connected ("": none). */
  tcpData: string;
  /** API, URL, TCP and ICMP: the address family the host is resolved to. */
  ipFamily: string;
  /** ICMP: pings a run sends, and the packet loss (%) over which it degrades or fails ("": none). */
  pingCount: string;
  degradedPacketLoss: string;
  maxPacketLoss: string;
  period: string;
  periodUnit: string;
  grace: string;
  graceUnit: string;
  script: string;
};

export const EMPTY: FormValues = {
  kind: "API",
  name: "",
  description: "",
  frequency: "10",
  locations: ["EU_WEST_1"],
  tags: "",
  activated: true,
  muted: false,
  shouldFail: false,
  runParallel: false,
  degradedResponseTime: "",
  maxResponseTime: "",
  retry: retryValuesOf(null),
  useGlobalAlertSettings: true,
  alert: alertValuesOf(null),
  groupId: "",
  privateLocations: [],
  channels: [],
  incident: NO_INCIDENT,
  method: "GET",
  url: "https://",
  assertions: [{ source: "STATUS_CODE", property: "", comparison: "EQUALS", target: "200", regex: null }],
  headers: [],
  queryParameters: [],
  body: "",
  bodyType: "NONE",
  basicAuthUser: "",
  basicAuthPassword: "",
  followRedirects: true,
  skipSSL: false,
  setupScript: "",
  tearDownScript: "",
  variables: [],
  hostname: "",
  port: "443",
  alertDays: "20",
  query: "",
  recordType: "A",
  nameServer: "",
  dnsPort: "",
  dnsProtocol: "UDP",
  tcpData: "",
  ipFamily: "IPv4",
  pingCount: "10",
  degradedPacketLoss: "",
  maxPacketLoss: "",
  period: "1",
  periodUnit: "HOURS",
  grace: "10",
  graceUnit: "MINUTES",
  script: "",
};

/** A new check of `kind`: the status-code assertion only where the type takes one. */
export const emptyOf = (kind: CheckKind): FormValues => ({
  ...EMPTY,
  kind,
  assertions: kind === "API" || kind === "URL" ? EMPTY.assertions : [],
});

/** What each type takes beyond name, tags and scheduling. */
export const TAKES = {
  assertions: (k: CheckKind) => ["API", "URL", "TCP", "DNS", "ICMP"].includes(k),
  responseTimes: (k: CheckKind) => !["BROWSER", "MULTI_STEP"].includes(k),
  retry: (k: CheckKind) => k !== "HEARTBEAT",
  privateLocations: (k: CheckKind) => k !== "HEARTBEAT",
  scripts: (k: CheckKind) => k === "API",
  variables: (k: CheckKind) => k === "BROWSER" || k === "MULTI_STEP",
};
