import { builder, type InputFields } from "../../builder.js";
import { IpFamilyEnum, SslSeverityEnum, TlsVersionEnum } from "./enums.js";
import { settingsInputs } from "./input-fields.js";
import { AssertionInput } from "./setting-inputs.js";

// An SSL monitor's request as inputs (domain: src/domain/checks/ssl-schemas.ts, which fills the
// defaults and judges the values). Every rule part is optional: an omitted one keeps its default.
const RuleInput = builder.inputType("SslBaselineRuleInput", {
  fields: (t) => ({ severity: t.field({ type: SslSeverityEnum }) }),
});
const TlsRuleInput = builder.inputType("SslTlsVersionRuleInput", {
  fields: (t) => ({ value: t.field({ type: TlsVersionEnum }), severity: t.field({ type: SslSeverityEnum }) }),
});
const KeyRuleInput = builder.inputType("SslKeySizeRuleInput", {
  fields: (t) => ({
    value: t.int({ description: "Bits, 1024 to 16384." }),
    severity: t.field({ type: SslSeverityEnum }),
  }),
});
const BaselineInput = builder.inputType("SslSecurityBaselineInput", {
  fields: (t) => ({
    enabled: t.boolean(),
    minTLSVersion: t.field({ type: TlsRuleInput }),
    minKeySizeBits: t.field({ type: KeyRuleInput }),
    weakSignatureAlgorithm: t.field({ type: RuleInput }),
    weakCipherSuite: t.field({ type: RuleInput }),
    knownBadCA: t.field({ type: RuleInput }),
    recommendedTLSVersion: t.field({ type: TlsRuleInput }),
    recommendedKeySizeBits: t.field({ type: KeyRuleInput }),
    ocspMustStapleRespected: t.field({ type: RuleInput }),
    sctPresent: t.field({ type: RuleInput }),
  }),
});

const config = settingsInputs("SslConfig", ["hostname"], (t: InputFields, required) => ({
  hostname: t.string({ required: required("hostname") }),
  port: t.int({ description: "Default 443." }),
  serverName: t.string({ description: "SNI and the name verified; unset: the hostname." }),
  ipFamily: t.field({ type: IpFamilyEnum }),
  skipChainValidation: t.boolean(),
  handshakeTimeoutMs: t.int(),
  alertDaysBeforeExpiry: t.int({ description: "Default 20: the run fails this many days before expiry." }),
  securityBaseline: t.field({ type: BaselineInput }),
}));

/** SslCheckRequestInput and SslCheckRequestUpdateInput (an update merges sslConfig into the stored one). */
export const SslRequestInputs = settingsInputs("SslCheckRequest", ["sslConfig"], (t, required) => ({
  sslConfig: t.field({
    type: required("sslConfig") ? config.create : config.update,
    required: required("sslConfig"),
  }),
  assertions: t.field({ type: [AssertionInput] }),
}));
