import { Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import type { Assertion } from "../../domain/monitoring/assertions.js";
import { interpolate } from "../../domain/monitoring/effective.js";
import { secretValues } from "../../domain/monitoring/scrub.js";
import {
  errorOutcome,
  evaluateAs,
  resolveTarget,
  scrubDeep,
  tryOutcome,
  type ApiTryOutcome,
  type RunSettings,
  type Variable,
} from "./api.js";
import { NetworkError } from "./http.js";

export type DnsRequest = {
  query: string;
  recordType: string;
  nameServer?: string | null;
  port?: number | null;
  protocol?: string | null;
  assertions?: Assertion[];
};
type Answer = { name: string; type: number; TTL?: number; data: string };
type DnsResponse = { rcode: string; answers: Answer[] };

const TYPES: Record<string, number> = { A: 1, NS: 2, CNAME: 5, SOA: 6, MX: 15, TXT: 16, AAAA: 28, HTTPS: 65 };
const RCODES: Record<string, number> = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 };
/** c-ares reports a server's answer code as an error code; any other error means no answer came (a network error). */
const RCODE_OF_ERROR: Record<string, string> = {
  ENOTFOUND: "NXDOMAIN",
  ESERVFAIL: "SERVFAIL",
  EREFUSED: "REFUSED",
  EFORMERR: "FORMERR",
  ENOTIMP: "NOTIMP",
  ENODATA: "NOERROR",
};

const fqdn = (name: string) => (name.endsWith(".") ? name : `${name}.`);
const quoted = (text: string) => `"${text.replace(/(["\\])/g, "\\$1")}"`;

/** Answers in the presentation format of DNS-over-HTTPS JSON (names end with a dot, TXT strings quoted). */
async function query(resolver: Resolver, name: string, recordType: string): Promise<Answer[]> {
  const answer = (data: string, TTL?: number): Answer => ({
    name: fqdn(name),
    type: TYPES[recordType]!,
    ...(TTL === undefined ? {} : { TTL }),
    data,
  });
  switch (recordType) {
    case "A":
      return (await resolver.resolve4(name, { ttl: true })).map((r) => answer(r.address, r.ttl));
    case "AAAA":
      return (await resolver.resolve6(name, { ttl: true })).map((r) => answer(r.address, r.ttl));
    case "CNAME":
      return (await resolver.resolveCname(name)).map((target) => answer(fqdn(target)));
    case "NS":
      return (await resolver.resolveNs(name)).map((ns) => answer(fqdn(ns)));
    case "MX":
      return (await resolver.resolveMx(name)).map((mx) => answer(`${mx.priority} ${fqdn(mx.exchange)}`));
    case "TXT":
      return (await resolver.resolveTxt(name)).map((chunks) => answer(chunks.map(quoted).join(" ")));
    case "SOA": {
      const soa = await resolver.resolveSoa(name);
      return [
        answer(
          `${fqdn(soa.nsname)} ${fqdn(soa.hostmaster)} ${soa.serial} ${soa.refresh} ${soa.retry} ${soa.expire} ${soa.minttl}`,
        ),
      ];
    }
    default:
      throw new Error(`unsupported record type ${recordType}`);
  }
}

async function ask(resolver: Resolver, name: string, recordType: string): Promise<DnsResponse> {
  try {
    return { rcode: "NOERROR", answers: await query(resolver, name, recordType) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    const rcode = RCODE_OF_ERROR[code];
    if (rcode) return { rcode, answers: [] };
    throw new NetworkError(
      code === "ETIMEOUT" ? `timed out waiting for an answer to ${name} ${recordType}` : (error as Error).message,
    );
  }
}

/** `host`, `host:port`, `[v6]:port` or a bare IPv6 address → host and port (if written). */
function serverOf(nameServer: string): { host: string; port?: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(nameServer);
  if (bracketed) return { host: bracketed[1]!, ...(bracketed[2] ? { port: Number(bracketed[2]) } : {}) };
  const hostPort = !isIP(nameServer) && /^([^:]+):(\d+)$/.exec(nameServer);
  return hostPort ? { host: hostPort[1]!, port: Number(hostPort[2]) } : { host: nameServer };
}

/**
 * Runs one try of a DNS check with node:dns (c-ares) over UDP: the given name server (its name
 * resolved first, and refused under BLOCK_PRIVATE_TARGETS when private) or else the system's (the
 * operator's choice, so never refused, even when it is a local resolver). Answer
 * codes come from c-ares' errors (ENOTFOUND is NXDOMAIN, ESERVFAIL SERVFAIL, ENODATA NOERROR with
 * no answer); no answer at all (refused port, timeout) is a network error. Assertions: RESPONSE_TIME,
 * RESPONSE_CODE, TEXT_ANSWER (one line per answer, `name IN TYPE data`) and JSON_ANSWER (a JSON
 * path over {Status, Question, Answer}, as DNS-over-HTTPS JSON). Without a RESPONSE_CODE assertion
 * any code but NOERROR fails. Recorded in apiCheckResult: response.status is the numeric code,
 * statusText its name, body the text answer, json the JSON answer.
 */
export async function runDnsCheck(
  request: DnsRequest,
  variables: readonly Variable[],
  settings: RunSettings,
): Promise<ApiTryOutcome> {
  const fill = (text: string) => interpolate(text, variables);
  const secrets = secretValues(variables);
  const name = fill(request.query).trim().replace(/\.$/, "");
  const protocol = request.protocol ?? "UDP";
  const server = request.nameServer ? serverOf(fill(request.nameServer).trim()) : null;
  const port = request.port ?? server?.port ?? 53;
  const serverLabel = server ? `${server.host.includes(":") ? `[${server.host}]` : server.host}:${port}` : "system";
  const recordedRequest = scrubDeep(
    {
      method: "DNS",
      url: `dns://${serverLabel}/${name}?type=${request.recordType}`,
      query: name,
      recordType: request.recordType,
      nameServer: server?.host ?? null,
      port: server ? port : null,
      protocol,
    },
    secrets,
  );
  // c-ares (behind node:dns) has no switch for TCP: it only falls back to TCP for a truncated UDP answer.
  if (protocol === "TCP")
    return errorOutcome(
      "DNS over TCP is not supported: node:dns (c-ares) cannot be told to query over TCP; use protocol UDP",
      recordedRequest,
    );
  if (!(request.recordType in TYPES) || request.recordType === "HTTPS")
    return errorOutcome(
      `${request.recordType} records cannot be queried: node:dns has no resolver for them`,
      recordedRequest,
    );

  const startedAt = new Date();
  let start = performance.now();
  let response: DnsResponse | null = null;
  let requestError: string | null = null;
  try {
    const resolver = new Resolver({ timeout: settings.timeoutMs, tries: 1 });
    if (server) {
      const target = await resolveTarget(server.host, 0, settings);
      resolver.setServers([target.family === 6 ? `[${target.address}]:${port}` : `${target.address}:${port}`]);
    }
    start = performance.now(); // the query's time, not the name server's lookup
    response = await ask(resolver, name, request.recordType);
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    requestError = error.message;
  }
  const stoppedAt = new Date();
  const responseTime = Math.round(performance.now() - start);
  const text = response?.answers.map((a) => `${a.name} IN ${request.recordType} ${a.data}`).join("\n") ?? "";
  const json = response && {
    Status: RCODES[response.rcode],
    Question: [{ name: fqdn(name), type: TYPES[request.recordType] }],
    Answer: response.answers,
  };
  const assertions = response
    ? (request.assertions ?? []).map((a) => evaluate(a, { rcode: response!.rcode, text, json, responseTime }))
    : [];
  const codeAsserted = assertions.some((a) => a.source === "RESPONSE_CODE");
  const passed =
    response !== null && (codeAsserted || response.rcode === "NOERROR") && assertions.every((a) => a.passed);
  const timings = { dns: responseTime, total: responseTime };
  const outcome = tryOutcome(
    settings,
    { reached: response !== null, passed, responseTime, startedAt, stoppedAt },
    {
      assertions,
      request: recordedRequest,
      response: response && {
        status: RCODES[response.rcode],
        statusText: response.rcode,
        body: text,
        json,
        timings,
        timingPhases: timings,
      },
      requestError,
    },
  );
  return { ...outcome, apiCheckResult: scrubDeep(outcome.apiCheckResult, secrets) };
}

function evaluate(assertion: Assertion, answer: { rcode: string; text: string; json: unknown; responseTime: number }) {
  switch (assertion.source) {
    case "RESPONSE_TIME":
      return evaluateAs(assertion, "RESPONSE_TIME", { responseTimeMs: answer.responseTime });
    case "RESPONSE_CODE":
      return evaluateAs(assertion, "TEXT_BODY", { body: answer.rcode });
    case "TEXT_ANSWER":
      return evaluateAs(assertion, "TEXT_BODY", { body: answer.text });
    case "JSON_ANSWER":
      return evaluateAs(assertion, "JSON_BODY", { body: JSON.stringify(answer.json) });
    default:
      return { ...assertion, actual: null, passed: false }; // not a DNS source
  }
}
