import type { z } from "zod";
import type { SslCheckResult } from "../../../domain/check-results/index.js";
import { builder } from "../../builder.js";
import { ApiCheckResultAssertionRef } from "./api-result.js";

type SslResult = z.output<typeof SslCheckResult>;

/** The reference's sslCheckResult, typed; the request and the detailed response (chain, baseline rules) are JSON. */
export const SslCheckResultRef = builder.objectRef<SslResult>("SslCheckResult").implement({
  description: "What an SSL monitor's TLS handshake showed, and how it was graded.",
  fields: (t) => ({
    tlsVersion: t.string({ nullable: true, resolve: (r) => r.tlsVersion ?? null }),
    cipherSuite: t.string({ nullable: true, resolve: (r) => r.cipherSuite ?? null }),
    daysUntilExpiry: t.float({ nullable: true, resolve: (r) => r.daysUntilExpiry ?? null }),
    handshakeTimeMs: t.float({ nullable: true, resolve: (r) => r.handshakeTimeMs ?? null }),
    chainTrusted: t.boolean({ nullable: true, resolve: (r) => r.chainTrusted ?? null }),
    hostnameVerified: t.boolean({ nullable: true, resolve: (r) => r.hostnameVerified ?? null }),
    baselineVerdict: t.string({ nullable: true, resolve: (r) => r.baselineVerdict ?? null }),
    baselineGrade: t.string({ nullable: true, resolve: (r) => r.baselineGrade ?? null }),
    failureCategory: t.string({
      nullable: true,
      description: "Why the run failed: CERTIFICATE_EXPIRING, CERTIFICATE_EXPIRED, CHAIN_UNTRUSTED, TIMEOUT...",
      resolve: (r) => r.failureCategory ?? null,
    }),
    requestError: t.string({ nullable: true, resolve: (r) => r.requestError ?? null }),
    request: t.field({ type: "JSON", nullable: true, resolve: (r) => r.request ?? null }),
    assertions: t.field({
      type: [ApiCheckResultAssertionRef],
      nullable: true,
      resolve: (r) => (r.assertions ?? null) as never,
    }),
    response: t.field({ type: "JSON", nullable: true, resolve: (r) => r.response ?? null }),
  }),
});
