// The check form's values, and the GraphQL input each check type takes from them. One shape for
// every type keeps the form one component; `inputFor` sends only what the type has.

export type CheckKind = "API" | "URL" | "TCP" | "DNS" | "ICMP" | "SSL" | "HEARTBEAT" | "BROWSER" | "MULTI_STEP";
export const KINDS: CheckKind[] = ["API", "URL", "TCP", "DNS", "ICMP", "SSL", "HEARTBEAT", "BROWSER", "MULTI_STEP"];

export type FormValues = {
  kind: CheckKind;
  name: string;
  frequency: string;
  locations: string[];
  tags: string;
  activated: boolean;
  method: string;
  url: string;
  expectStatus: string;
  hostname: string;
  port: string;
  /** SSL: the run fails this many days before the certificate expires. */
  alertDays: string;
  query: string;
  recordType: string;
  period: string;
  periodUnit: string;
  grace: string;
  graceUnit: string;
  script: string;
};

export const EMPTY: FormValues = {
  kind: "API",
  name: "",
  frequency: "10",
  locations: ["EU_WEST_1"],
  tags: "",
  activated: true,
  method: "GET",
  url: "https://",
  expectStatus: "200",
  hostname: "",
  port: "443",
  alertDays: "20",
  query: "",
  recordType: "A",
  period: "1",
  periodUnit: "HOURS",
  grace: "10",
  graceUnit: "MINUTES",
  script: "",
};

/** A number field as the API wants it: an integer, or the text itself so that the API names the error. */
const integer = (text: string): number | string => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text);

export function inputFor(values: FormValues): Record<string, unknown> {
  const common: Record<string, unknown> = {
    name: values.name,
    activated: values.activated,
    tags: values.tags
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
  };
  if (values.kind !== "HEARTBEAT") {
    common.locations = values.locations;
    // "0:10": API checks every 10 seconds (frequency 0, the seconds in frequencyOffset).
    const [minutes, seconds] = values.frequency.split(":");
    common.frequency = integer(minutes ?? "");
    if (seconds !== undefined) common.frequencyOffset = integer(seconds);
  }
  const status = values.expectStatus.trim()
    ? [{ source: "STATUS_CODE", comparison: "EQUALS", target: values.expectStatus.trim() }]
    : [];
  switch (values.kind) {
    case "API":
      return { ...common, request: { method: values.method, url: values.url, assertions: status } };
    case "URL":
      return { ...common, request: { url: values.url, assertions: status } };
    case "TCP":
      return { ...common, request: { hostname: values.hostname, port: integer(values.port) } };
    case "DNS":
      return { ...common, request: { query: values.query, recordType: values.recordType } };
    case "ICMP":
      return { ...common, request: { hostname: values.hostname } };
    case "SSL":
      return {
        ...common,
        request: {
          sslConfig: {
            hostname: values.hostname,
            port: integer(values.port),
            alertDaysBeforeExpiry: integer(values.alertDays),
          },
        },
      };
    case "HEARTBEAT":
      return {
        ...common,
        heartbeat: {
          period: integer(values.period),
          periodUnit: values.periodUnit,
          grace: integer(values.grace),
          graceUnit: values.graceUnit,
        },
      };
    default:
      return { ...common, script: values.script };
  }
}

/** Where a ValidationError's path shows: the form field that edits it, else the form's top. */
export function fieldOf(path: string): keyof FormValues | "form" {
  const last = path.split(".").at(-1) ?? "";
  const known: Record<string, keyof FormValues> = {
    name: "name",
    frequency: "frequency",
    locations: "locations",
    tags: "tags",
    url: "url",
    method: "method",
    hostname: "hostname",
    port: "port",
    alertDaysBeforeExpiry: "alertDays",
    query: "query",
    recordType: "recordType",
    period: "period",
    periodUnit: "periodUnit",
    grace: "grace",
    graceUnit: "graceUnit",
    script: "script",
    assertions: "expectStatus",
  };
  const direct = known[last] ?? known[path.split(".").find((part) => part in known) ?? ""];
  return direct ?? "form";
}
