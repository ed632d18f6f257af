import type { z } from "zod";
import type { ApiCheckResult } from "../../../domain/check-results/index.js";
import { builder } from "../../builder.js";

type ApiResult = z.output<typeof ApiCheckResult>;
type Assertion = NonNullable<ApiResult["assertions"]>[number];
type Request = NonNullable<ApiResult["request"]>;
type Response = NonNullable<ApiResult["response"]>;

/** A stored value as a String field: the runners record targets as strings or numbers. */
const text = (value: unknown): string | null =>
  value === undefined || value === null ? null : typeof value === "string" ? value : JSON.stringify(value);

export const ApiCheckResultAssertionRef = builder.objectRef<Assertion>("ApiCheckResultAssertion").implement({
  description: "One assertion of the run, as the runner reported it.",
  fields: (t) => ({
    source: t.string({ nullable: true, resolve: (a) => text(a.source) }),
    target: t.string({ nullable: true, resolve: (a) => text(a.target) }),
  }),
});

const ApiCheckResultRequestRef = builder.objectRef<Request>("ApiCheckResultRequest").implement({
  description: "The request that the run sent.",
  fields: (t) => ({
    method: t.string({ nullable: true, resolve: (v) => v.method ?? null }),
    url: t.string({ nullable: true, resolve: (v) => v.url ?? null }),
    data: t.string({ nullable: true, resolve: (v) => v.data ?? null }),
    headers: t.field({ type: "JSON", nullable: true, resolve: (v) => v.headers ?? null }),
    params: t.field({ type: "JSON", nullable: true, resolve: (v) => v.params ?? null }),
  }),
});

const ApiCheckResultResponseRef = builder.objectRef<Response>("ApiCheckResultResponse").implement({
  description: "The response that the run received.",
  fields: (t) => ({
    status: t.int({ nullable: true, resolve: (v) => v.status ?? null }),
    statusText: t.string({ nullable: true, resolve: (v) => v.statusText ?? null }),
    body: t.string({ nullable: true, resolve: (v) => v.body ?? null }),
    headers: t.field({ type: "JSON", nullable: true, resolve: (v) => v.headers ?? null }),
    timings: t.field({ type: "JSON", nullable: true, resolve: (v) => v.timings ?? null }),
    timingPhases: t.field({ type: "JSON", nullable: true, resolve: (v) => v.timingPhases ?? null }),
  }),
});

/** The spec's apiCheckResult; only the parts whose inner shape it does not give are JSON. */
export const ApiCheckResultRef = builder.objectRef<ApiResult>("ApiCheckResult").implement({
  description: "What an API check run sent and received.",
  fields: (t) => ({
    assertions: t.field({ type: [ApiCheckResultAssertionRef], nullable: true, resolve: (r) => r.assertions ?? null }),
    request: t.field({ type: ApiCheckResultRequestRef, nullable: true, resolve: (r) => r.request ?? null }),
    response: t.field({ type: ApiCheckResultResponseRef, nullable: true, resolve: (r) => r.response ?? null }),
    requestError: t.string({ nullable: true, resolve: (v) => v.requestError ?? null }),
    jobLog: t.field({ type: "JSON", nullable: true, resolve: (r) => r.jobLog ?? null }),
    jobAssets: t.field({ type: ["JSON"], nullable: { list: true, items: true }, resolve: (r) => r.jobAssets ?? null }),
    pcapDataUrl: t.string({ nullable: true, resolve: (v) => v.pcapDataUrl ?? null }),
  }),
});
