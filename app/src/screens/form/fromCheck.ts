import type { CheckFormQuery$data } from "../../__generated__/CheckFormQuery.graphql";
import { alertValuesOf } from "./alertSettings";
import { NO_INCIDENT } from "./incident";
import type { Pair } from "./KeyValueList";
import { retryValuesOf } from "./retryStrategy";
import { EMPTY, type FormValues, KINDS } from "./values";

type Stored = { readonly key: string; readonly value?: string | null; readonly locked?: boolean | null };
const pairs = (list?: readonly Stored[] | null): Pair[] =>
  (list ?? []).map((p) => ({ key: p.key, value: p.value ?? "", locked: p.locked ?? false }));
const text = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

/** The form's values for a stored check; a clone gets "(copy)" after the name. */
export function valuesOf(node: CheckFormQuery$data["node"], clone: boolean): FormValues {
  if (!node?.checkType) return EMPTY;
  const kind = KINDS.find((k) => k === node.checkType) ?? "API";
  const api = node.apiRequest;
  const http = api ?? node.urlRequest;
  const request = http ?? node.tcpRequest ?? node.dnsRequest ?? node.icmpRequest;
  const ssl = node.sslRequest?.sslConfig;
  return {
    ...EMPTY,
    kind,
    name: clone ? `${node.name} (copy)` : (node.name ?? ""),
    description: node.description ?? "",
    frequency: node.frequency === 0 ? `0:${node.frequencyOffset ?? 10}` : String(node.frequency ?? EMPTY.frequency),
    locations: [...(node.locations ?? [])],
    tags: (node.tags ?? []).join(", "),
    activated: node.activated ?? true,
    muted: node.muted ?? false,
    shouldFail: node.shouldFail ?? false,
    runParallel: node.runParallel ?? false,
    degradedResponseTime: text(node.degradedResponseTime),
    maxResponseTime: text(node.maxResponseTime),
    retry: retryValuesOf(node.retryStrategy),
    useGlobalAlertSettings: node.useGlobalAlertSettings !== false,
    alert: alertValuesOf(node.alertSettings),
    groupId: node.group?.id ?? "",
    incident: node.triggerIncident ? { ...node.triggerIncident } : NO_INCIDENT,
    privateLocations: [...(node.privateLocations ?? [])],
    channels: (node.alertChannelSubscriptions ?? []).map(({ alertChannelId, activated }) => ({
      alertChannelId,
      activated,
    })),
    method: api?.method ?? EMPTY.method,
    url: http?.url ?? "",
    assertions: (request?.assertions ?? []).map((a) => ({
      source: a.source,
      property: a.property ?? "",
      comparison: a.comparison,
      target: a.target ?? "",
      regex: a.regex ?? null,
    })),
    headers: pairs(api?.headers),
    queryParameters: pairs(api?.queryParameters),
    body: api?.body ?? "",
    bodyType: api?.bodyType ?? EMPTY.bodyType,
    basicAuthUser: api?.basicAuth?.username ?? "",
    basicAuthPassword: api?.basicAuth?.password ?? "",
    followRedirects: http?.followRedirects ?? true,
    skipSSL: http?.skipSSL ?? false,
    setupScript: node.localSetupScript ?? "",
    tearDownScript: node.localTearDownScript ?? "",
    // A secret's value reads back null: the row shows empty, and sent empty keeps the stored value.
    variables: (node.environmentVariables ?? []).map((v) => ({ key: v.key, value: v.value ?? "", locked: v.secret })),
    hostname: node.tcpRequest?.hostname ?? node.icmpRequest?.hostname ?? ssl?.hostname ?? "",
    port: String(node.tcpRequest?.port ?? ssl?.port ?? EMPTY.port),
    alertDays: String(ssl?.alertDaysBeforeExpiry ?? EMPTY.alertDays),
    query: node.dnsRequest?.query ?? "",
    recordType: node.dnsRequest?.recordType ?? EMPTY.recordType,
    nameServer: node.dnsRequest?.nameServer ?? "",
    dnsPort: text(node.dnsRequest?.port),
    dnsProtocol: node.dnsRequest?.protocol ?? EMPTY.dnsProtocol,
    tcpData: node.tcpRequest?.data ?? "",
    ipFamily: http?.ipFamily ?? node.tcpRequest?.ipFamily ?? node.icmpRequest?.ipFamily ?? EMPTY.ipFamily,
    pingCount: text(node.icmpRequest?.pingCount) || EMPTY.pingCount,
    degradedPacketLoss: text(node.degradedPacketLossThreshold),
    maxPacketLoss: text(node.maxPacketLossThreshold),
    period: String(node.heartbeat?.period ?? EMPTY.period),
    periodUnit: node.heartbeat?.periodUnit ?? EMPTY.periodUnit,
    grace: String(node.heartbeat?.grace ?? EMPTY.grace),
    graceUnit: node.heartbeat?.graceUnit ?? EMPTY.graceUnit,
    script: node.browserScript ?? node.multiStepScript ?? "",
  };
}
