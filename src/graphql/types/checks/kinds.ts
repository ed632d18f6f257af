import type { FieldRef } from "@pothos/core";
import type { NodeRef } from "@pothos/plugin-relay";
import { COMMON_KEYS, getChecks, typeSpec, type CheckRow } from "../../../domain/checks/index.js";
import { CHECK_TYPES } from "../../../domain/shared/schemas.js";
import { builder, type Types } from "../../builder.js";
import { domain } from "../../context.js";
import { CHECK_TYPENAMES } from "./enums.js";
import {
  ApiRequestRef,
  DependencyRef,
  DnsRequestRef,
  HeartbeatSettingsRef,
  IcmpRequestRef,
  pingUrl,
  TcpRequestRef,
  UrlRequestRef,
} from "./requests.js";
import { brandedLoader } from "../../node-loader.js";
import { SslRequestRef } from "./ssl.js";
import { CheckRef, prop } from "./type.js";

type Fields = PothosSchemaTypes.ObjectFieldBuilder<Types, CheckRow>;
type FieldOf = (t: Fields) => FieldRef<Types, unknown, "Object">;
type CheckType = (typeof CHECK_TYPES)[number];

/** Properties the Check interface shows for every type (groupId as `group`). */
const COMMON = new Set<string>([...COMMON_KEYS, "environmentVariables", "degradedResponseTime", "maxResponseTime"]);

/** The type-specific properties; `request` and `heartbeat` are typed where the type gives them a shape. */
const catalogue: Record<string, FieldOf> = {
  setupSnippetId: (t) => t.int({ nullable: true, resolve: prop("setupSnippetId") }),
  tearDownSnippetId: (t) => t.int({ nullable: true, resolve: prop("tearDownSnippetId") }),
  localSetupScript: (t) =>
    t.string({
      nullable: true,
      description: "Node.js code run before the request.",
      resolve: prop("localSetupScript"),
    }),
  localTearDownScript: (t) =>
    t.string({
      nullable: true,
      description: "Node.js code run after the request.",
      resolve: prop("localTearDownScript"),
    }),
  script: (t) => t.string({ nullable: true, resolve: prop("script") }),
  scriptPath: (t) => t.string({ nullable: true, resolve: prop("scriptPath") }),
  dependencies: (t) => t.field({ type: [DependencyRef], resolve: prop("dependencies") }),
  sslCheckDomain: (t) => t.string({ nullable: true, resolve: prop("sslCheckDomain") }),
  degradedPacketLossThreshold: (t) =>
    t.float({ nullable: true, description: "Percent.", resolve: prop("degradedPacketLossThreshold") }),
  maxPacketLossThreshold: (t) =>
    t.float({ nullable: true, description: "Percent.", resolve: prop("maxPacketLossThreshold") }),
  request: (t) =>
    t.field({
      type: "JSON",
      nullable: true,
      description: "Free-form: the reference gives this type's request no shape.",
      resolve: prop("request"),
    }),
  heartbeat: (t) =>
    t.field({
      type: "JSON",
      nullable: true,
      description: "Free-form: the reference gives this type's heartbeat no shape.",
      resolve: prop("heartbeat"),
    }),
};

const typed: Partial<Record<CheckType, Record<string, FieldOf>>> = {
  API: { request: (t) => t.field({ type: ApiRequestRef, resolve: prop("request") }) },
  URL: { request: (t) => t.field({ type: UrlRequestRef, resolve: prop("request") }) },
  TCP: { request: (t) => t.field({ type: TcpRequestRef, resolve: prop("request") }) },
  DNS: { request: (t) => t.field({ type: DnsRequestRef, resolve: prop("request") }) },
  ICMP: { request: (t) => t.field({ type: IcmpRequestRef, resolve: prop("request") }) },
  SSL: { request: (t) => t.field({ type: SslRequestRef, resolve: prop("request") }) },
  HEARTBEAT: {
    heartbeat: (t) => t.field({ type: HeartbeatSettingsRef, resolve: prop("heartbeat") }),
    pingToken: (t) => t.string({ nullable: true, resolve: (check) => check.pingToken }),
    pingUrl: (t) =>
      t.string({
        nullable: true,
        description: "Where the monitored job pings.",
        resolve: (check, _args, ctx) => (check.pingToken ? pingUrl(ctx, check.pingToken) : null),
      }),
  },
  BROWSER: { script: (t) => t.string({ resolve: prop("script") }) },
  MULTI_STEP: { script: (t) => t.string({ resolve: prop("script") }) },
};

/** A type's own fields: the properties its domain spec lists beyond the common ones, plus its extras. */
function ownFields(type: CheckType) {
  const extra = typed[type] ?? {};
  const keys = [
    ...new Set([...Object.keys(typeSpec(type).fields).filter((key) => !COMMON.has(key)), ...Object.keys(extra)]),
  ];
  return (t: Fields) =>
    Object.fromEntries(
      keys.map((key) => {
        const field = extra[key] ?? catalogue[key];
        if (!field) throw new Error(`GraphQL ${CHECK_TYPENAMES[type]}: no field for the property ${key}`);
        return [key, field(t)];
      }),
    );
}

const DESCRIPTIONS: Record<CheckType, string> = {
  API: "An HTTP request with assertions on the response.",
  URL: "A GET of a URL, asserting on its status code.",
  TCP: "A TCP connection to a host and port.",
  DNS: "A DNS query and assertions on the answer.",
  ICMP: "Pings to a host, with latency and packet loss thresholds.",
  HEARTBEAT: "Expects a ping from a job (at pingUrl) every period; fails after the grace time.",
  BROWSER: "A Playwright script run in a browser.",
  MULTI_STEP: "A script of several API requests.",
  PLAYWRIGHT: "A Playwright test suite (created outside this API: read only).",
  AGENTIC: "An AI-driven check (created outside this API: read only).",
  SSL: "A TLS handshake graded on its certificate's dates, chain and name, and a security baseline.",
};

/** The HEARTBEAT check type (heartbeats/type.ts adds its events and availability). */
export const HeartbeatCheckRef = builder.objectRef<CheckRow>("HeartbeatCheck");

/** One Relay node per check type, loaded account-scoped and only as its own type (a global id names one type). */
export const CHECK_NODES = Object.fromEntries(
  CHECK_TYPES.map((type) => {
    const ref = type === "HEARTBEAT" ? HeartbeatCheckRef : builder.objectRef<CheckRow>(CHECK_TYPENAMES[type]);
    const node = builder.node(ref, {
      description: DESCRIPTIONS[type],
      interfaces: [CheckRef],
      isTypeOf: (value) => (value as CheckRow).checkType === type,
      id: { resolve: (check) => check.id },
      loadMany: brandedLoader(CHECK_TYPENAMES[type], (ids, ctx) =>
        getChecks({ ctx: domain(ctx), ids, checkType: type }),
      ),
      fields: ownFields(type),
    });
    return [type, node];
  }),
) as Record<CheckType, NodeRef<Types, CheckRow, CheckRow, string>>;
