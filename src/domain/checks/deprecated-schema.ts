import { z } from "zod";
import { CheckType, requestBody } from "../shared/schemas.js";
import { fields, milliseconds } from "./property-schemas.js";
import { ApiRequest, DnsRequest, HeartbeatConfig, IcmpRequest, TcpRequest, UrlRequest } from "./request-schemas.js";
import { perType, typeSpec } from "./type-schemas.js";

/** The body property names of the deprecated `PUT /v1/checks/{id}`, exactly as docs/decisions.md lists them. */
export const DEPRECATED_UPDATE_PROPERTIES = [
  "name",
  "activated",
  "muted",
  "doubleCheck",
  "shouldFail",
  "locations",
  "tags",
  "alertSettings",
  "useGlobalAlertSettings",
  "groupId",
  "groupOrder",
  "runtimeId",
  "alertChannelSubscriptions",
  "retryStrategy",
  "triggerIncident",
  "runParallel",
  "description",
  "checkType",
  "frequency",
  "frequencyOffset",
  "request",
  "heartbeat",
  "script",
  "scriptPath",
  "environmentVariables",
  "setupSnippetId",
  "tearDownSnippetId",
  "localSetupScript",
  "localTearDownScript",
  "degradedResponseTime",
  "maxResponseTime",
  "privateLocations",
  "dependencies",
] as const;

/**
 * The body for a stored check of `checkType`: each listed property with that type's rule; one the
 * type does not have (a `script` on an API check) is refused by name; `checkType` may only repeat
 * the stored type (a check does not change type).
 */
export const deprecatedUpdateSchema = perType((checkType: string) => {
  const own = typeSpec(checkType).fields;
  const shape = Object.fromEntries(
    DEPRECATED_UPDATE_PROPERTIES.map((key) => {
      if (key === "checkType") return [key, z.literal(checkType).optional()];
      const schema = own[key] ?? z.unknown().refine(() => false, `is not a property of ${checkType} checks`);
      return [key, schema.optional()];
    }),
  );
  return requestBody(shape);
});

/** The same body for the OpenAPI document, where the stored type is not known: each property at its widest. */
const { freeForm: _free, ...plain } = fields;
const widest: Record<string, z.ZodType> = {
  ...plain,
  checkType: CheckType,
  request: z.union([ApiRequest, UrlRequest, TcpRequest, DnsRequest, IcmpRequest]),
  heartbeat: HeartbeatConfig,
  degradedResponseTime: milliseconds(300000),
  maxResponseTime: milliseconds(300000),
};
export const DeprecatedUpdateCheckInput = requestBody(
  Object.fromEntries(DEPRECATED_UPDATE_PROPERTIES.map((key) => [key, widest[key]!.optional()])),
);
