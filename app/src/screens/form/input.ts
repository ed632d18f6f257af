import { alertFieldOf } from "./alertSettings.js";
import { retryFieldOf } from "./retryStrategy.js";
import { pairsInput } from "./rows.js";
import { integer, SETTINGS } from "./settings.js";
import { type CheckKind, emptyOf, type FormValues, TAKES } from "./values.js";

type Pick = (values: FormValues) => unknown;

/**
 * The GraphQL input of the values' type. On an edit (`before`: the values as read) a list or a
 * nested object goes only when changed, since a sent one replaces the stored one: an edit of the
 * name keeps headers, assertions and settings the form was never asked to change. The API lays a
 * sent `request` over the stored one, so the request's own scalars can always go. A new check
 * sends the settings that differ from a new form's (the rest are the API's defaults too).
 */
export function inputFor(values: FormValues, before?: FormValues): Record<string, unknown> {
  const base = before ?? emptyOf(values.kind);
  const changed = (pick: Pick) => JSON.stringify(pick(values)) !== JSON.stringify(pick(base));
  const when = (pick: Pick, key: string, value: () => unknown) => (changed(pick) ? { [key]: value() } : {});
  const v = values;
  const common: Record<string, unknown> = {
    name: v.name,
    activated: v.activated,
    tags: v.tags
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
  };
  for (const { key, of, send = of, takes } of SETTINGS) if ((takes?.(v) ?? true) && changed(of)) common[key] = send(v);
  if (v.kind !== "HEARTBEAT") {
    common.locations = v.locations;
    // "0:10": API checks every 10 seconds (frequency 0, the seconds in frequencyOffset).
    const [minutes, seconds] = v.frequency.split(":");
    common.frequency = integer(minutes ?? "");
    if (seconds !== undefined) common.frequencyOffset = integer(seconds);
  }
  // A new form's status assertion is not the API's default (none): a new check sends its rows.
  const sendAssertions = TAKES.assertions(v.kind) && (before ? changed((f) => f.assertions) : v.assertions.length > 0);
  const assertions = sendAssertions ? { assertions: v.assertions } : {};
  return { ...common, ...typeInput(v, assertions, when) };
}

function typeInput(
  v: FormValues,
  assertions: Record<string, unknown>,
  when: (pick: Pick, key: string, value: () => unknown) => Record<string, unknown>,
): Record<string, unknown> {
  const http = { followRedirects: v.followRedirects, skipSSL: v.skipSSL, ipFamily: v.ipFamily, ...assertions };
  switch (v.kind) {
    case "API":
      return {
        request: {
          method: v.method,
          url: v.url,
          body: v.body,
          bodyType: v.bodyType,
          ...http,
          ...when(
            (f) => f.headers,
            "headers",
            () => pairsInput(v.headers, false),
          ),
          ...when(
            (f) => f.queryParameters,
            "queryParameters",
            () => pairsInput(v.queryParameters, false),
          ),
          ...when(
            (f) => [f.basicAuthUser, f.basicAuthPassword],
            "basicAuth",
            () =>
              v.basicAuthUser || v.basicAuthPassword
                ? { username: v.basicAuthUser, password: v.basicAuthPassword }
                : null,
          ),
        },
      };
    case "URL":
      return { request: { url: v.url, ...http } };
    case "TCP":
      return {
        request: {
          hostname: v.hostname,
          port: integer(v.port),
          data: v.tcpData || null,
          ipFamily: v.ipFamily,
          ...assertions,
        },
      };
    case "DNS": {
      // The name server and its port are optional and not nullable: sent when given.
      const server = v.nameServer.trim() ? { nameServer: v.nameServer.trim() } : {};
      const port = v.dnsPort.trim() ? { port: integer(v.dnsPort) } : {};
      const dns = { query: v.query, recordType: v.recordType, protocol: v.dnsProtocol, ...server, ...port };
      return { request: { ...dns, ...assertions } };
    }
    case "ICMP":
      return {
        request: { hostname: v.hostname, ipFamily: v.ipFamily, pingCount: integer(v.pingCount), ...assertions },
      };
    case "SSL": {
      const ssl = { hostname: v.hostname, port: integer(v.port), alertDaysBeforeExpiry: integer(v.alertDays) };
      return { request: { sslConfig: ssl } };
    }
    case "HEARTBEAT": {
      const { period, periodUnit, grace, graceUnit } = v;
      return { heartbeat: { period: integer(period), periodUnit, grace: integer(grace), graceUnit } };
    }
    default:
      return { script: v.script };
  }
}

/** Where a ValidationError's path shows: the id of the field that edits it, else the form's top. */
export function fieldOf(path: string, kind?: CheckKind): string {
  const parts = path.split(".");
  const [head = ""] = parts;
  if (head === "retryStrategy") return retryFieldOf(path);
  if (head === "alertSettings") return alertFieldOf(path) ?? "form";
  if (head === "environmentVariables") return "variables";
  if (head === "alertChannelSubscriptions") return "channels";
  if (head === "privateLocations" || head === "groupId") return head;
  if (head === "triggerIncident") return `incident-${parts[1] ?? "serviceId"}`;
  const listed = ["assertions", "headers", "queryParameters", "basicAuth"].find((id) => parts.includes(id));
  if (listed) return listed === "basicAuth" ? "basicAuthUser" : listed;
  // A DNS check's port is its name server's, a field of its own.
  if (kind === "DNS" && path === "request.port") return "dnsPort";
  const renamed: Record<string, string> = {
    alertDaysBeforeExpiry: "alertDays",
    data: "tcpData",
    protocol: "dnsProtocol",
    degradedPacketLossThreshold: "degradedPacketLoss",
    maxPacketLossThreshold: "maxPacketLoss",
    localSetupScript: "setupScript",
    localTearDownScript: "tearDownScript",
  };
  const last = parts.at(-1) ?? "";
  if (renamed[last]) return renamed[last];
  const ids = ["name", "description", "frequency", "locations", "tags", "url", "method", "body", "bodyType"];
  const more = ["hostname", "port", "query", "recordType", "period", "periodUnit", "grace", "graceUnit", "script"];
  const network = ["nameServer", "ipFamily", "pingCount"];
  const times = ["degradedResponseTime", "maxResponseTime"];
  return [...ids, ...more, ...network, ...times].includes(last) ? last : "form";
}
