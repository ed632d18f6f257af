import { builder } from "../../builder.js";
import type { GraphQLContext } from "../../context.js";
import {
  BodyTypeEnum,
  DnsProtocolEnum,
  DnsRecordTypeEnum,
  HttpMethodEnum,
  IpFamilyEnum,
  TimeUnitEnum,
} from "./enums.js";
import { AssertionRef, BasicAuthRef, KeyValueRef } from "./settings.js";

/** The type-specific settings of checks, as stored (the domain's parsed request and heartbeat). */
type Assertions = { assertions?: unknown[] };
type ApiRequest = Assertions & {
  method: string;
  url: string;
  followRedirects: boolean;
  skipSSL: boolean;
  ipFamily: string;
  body: string;
  bodyType: string;
  headers: unknown[];
  queryParameters: unknown[];
  basicAuth: { username: string; password: string } | null;
};
type TcpRequest = Assertions & {
  url?: string;
  hostname?: string;
  port: number;
  body: string | null;
  data: string | null;
  ipFamily: string;
};
type DnsRequest = Assertions & {
  query: string;
  nameServer?: string;
  port?: number;
  recordType: string;
  protocol: string;
};
type IcmpRequest = Assertions & { hostname: string; ipFamily: string | null; pingCount: number | null };
export type HeartbeatSettings = {
  period: number;
  periodUnit: string;
  grace: number;
  graceUnit: string;
  minimum?: number;
  minimumUnit?: string;
  pingToken: string | null;
};

export const ApiRequestRef = builder.objectRef<ApiRequest>("ApiCheckRequest").implement({
  fields: (t) => ({
    method: t.field({ type: HttpMethodEnum, resolve: (r) => r.method as never }),
    url: t.exposeString("url"),
    followRedirects: t.exposeBoolean("followRedirects"),
    skipSSL: t.exposeBoolean("skipSSL"),
    ipFamily: t.field({ type: IpFamilyEnum, resolve: (r) => r.ipFamily as never }),
    body: t.exposeString("body"),
    bodyType: t.field({ type: BodyTypeEnum, resolve: (r) => r.bodyType as never }),
    headers: t.field({ type: [KeyValueRef], resolve: (r) => r.headers as never }),
    queryParameters: t.field({ type: [KeyValueRef], resolve: (r) => r.queryParameters as never }),
    assertions: t.field({ type: [AssertionRef], resolve: (r) => (r.assertions ?? []) as never }),
    basicAuth: t.field({ type: BasicAuthRef, nullable: true, resolve: (r) => r.basicAuth ?? null }),
  }),
});

export const UrlRequestRef = builder
  .objectRef<Omit<ApiRequest, "body" | "bodyType" | "headers" | "queryParameters" | "basicAuth">>("UrlCheckRequest")
  .implement({
    fields: (t) => ({
      method: t.field({ type: HttpMethodEnum, resolve: (r) => r.method as never }),
      url: t.exposeString("url"),
      followRedirects: t.exposeBoolean("followRedirects"),
      skipSSL: t.exposeBoolean("skipSSL"),
      ipFamily: t.field({ type: IpFamilyEnum, resolve: (r) => r.ipFamily as never }),
      assertions: t.field({ type: [AssertionRef], resolve: (r) => (r.assertions ?? []) as never }),
    }),
  });

export const TcpRequestRef = builder.objectRef<TcpRequest>("TcpCheckRequest").implement({
  fields: (t) => ({
    hostname: t.string({ nullable: true, resolve: (r) => r.hostname ?? null }),
    url: t.string({
      nullable: true,
      description: "The reference's alternative to hostname.",
      resolve: (r) => r.url ?? null,
    }),
    port: t.exposeInt("port"),
    body: t.string({ nullable: true, resolve: (r) => r.body ?? null }),
    data: t.string({ nullable: true, resolve: (r) => r.data ?? null }),
    ipFamily: t.field({ type: IpFamilyEnum, resolve: (r) => r.ipFamily as never }),
    assertions: t.field({ type: [AssertionRef], resolve: (r) => (r.assertions ?? []) as never }),
  }),
});

export const DnsRequestRef = builder.objectRef<DnsRequest>("DnsCheckRequest").implement({
  fields: (t) => ({
    query: t.exposeString("query"),
    nameServer: t.string({ nullable: true, resolve: (r) => r.nameServer ?? null }),
    port: t.int({ nullable: true, resolve: (r) => r.port ?? null }),
    recordType: t.field({ type: DnsRecordTypeEnum, resolve: (r) => r.recordType as never }),
    protocol: t.field({ type: DnsProtocolEnum, resolve: (r) => r.protocol as never }),
    assertions: t.field({ type: [AssertionRef], resolve: (r) => (r.assertions ?? []) as never }),
  }),
});

export const IcmpRequestRef = builder.objectRef<IcmpRequest>("IcmpCheckRequest").implement({
  fields: (t) => ({
    hostname: t.exposeString("hostname"),
    ipFamily: t.field({ type: IpFamilyEnum, nullable: true, resolve: (r) => r.ipFamily as never }),
    pingCount: t.int({ nullable: true, resolve: (r) => r.pingCount ?? null }),
    assertions: t.field({ type: [AssertionRef], resolve: (r) => (r.assertions ?? []) as never }),
  }),
});

/** Where pings go: the scheme and host this request (HTTP or WebSocket) came to, as the REST mapper builds it. */
export function pingUrl(ctx: GraphQLContext, token: string): string {
  return `${ctx.baseUrl}/ping/${token}`;
}

export const HeartbeatSettingsRef = builder.objectRef<HeartbeatSettings>("HeartbeatSettings").implement({
  description:
    "A ping is expected every period; after the grace time the check fails. A ping sooner than minimum is EARLY.",
  fields: (t) => ({
    period: t.exposeInt("period"),
    periodUnit: t.field({ type: TimeUnitEnum, resolve: (h) => h.periodUnit as never }),
    grace: t.exposeInt("grace"),
    graceUnit: t.field({ type: TimeUnitEnum, resolve: (h) => h.graceUnit as never }),
    minimum: t.int({ nullable: true, resolve: (h) => h.minimum ?? null }),
    minimumUnit: t.field({ type: TimeUnitEnum, nullable: true, resolve: (h) => (h.minimumUnit ?? null) as never }),
    pingToken: t.string({ nullable: true, resolve: (h) => h.pingToken }),
    pingUrl: t.string({ nullable: true, resolve: (h, _args, ctx) => (h.pingToken ? pingUrl(ctx, h.pingToken) : null) }),
  }),
});

export const DependencyRef = builder.objectRef<{ path: string; content: string }>("CheckDependency").implement({
  description: "A file the check's script imports.",
  fields: (t) => ({ path: t.exposeString("path"), content: t.exposeString("content") }),
});

export const IntentRef = builder
  .objectRef<{ goal: string; requiredOutcomes: string[]; mustPreserve: string[] }>("CheckIntent")
  .implement({
    fields: (t) => ({
      goal: t.exposeString("goal"),
      requiredOutcomes: t.stringList({ resolve: (i) => i.requiredOutcomes ?? [] }),
      mustPreserve: t.stringList({ resolve: (i) => i.mustPreserve ?? [] }),
    }),
  });
