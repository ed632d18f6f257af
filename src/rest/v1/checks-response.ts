import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  CHECK_ROUTE_TYPES,
  toCheckView,
  CHECK_TYPE_SPECS,
  TIME_UNITS,
  type CheckRow,
  type RoutedCheckType,
} from "../../domain/checks/index.js";
import { AlertSettings } from "../../domain/shared/schemas.js";
import { redactSecrets } from "../../domain/shared/secrets.js";
import { iso, timestamps } from "../format.js";

type EnvironmentVariable = { key: string; value: string | null; secret?: boolean };

/** The scheme and host the request came to: ping URLs point back at this service. */
export type CheckResponseContext = { baseUrl: string };
export const baseUrl = (request: FastifyRequest): CheckResponseContext => ({
  baseUrl: `${request.protocol}://${request.host}`,
});

/** RFC 9745: the deprecated generic check operations (deprecated 2025-01-01) name their successor. */
export function markDeprecated(reply: FastifyReply, successor: string): void {
  void reply.header("deprecation", "@1735689600").header("link", `<${successor}>; rel="successor-version"`);
}

/** A check as the v1 REST API shows it (reference ChecksV1ApiCheck, ChecksV1HeartbeatCheck, ...). */
export function toCheckResponse(check: CheckRow, { baseUrl }: CheckResponseContext): Record<string, unknown> {
  const properties = toCheckView(check);
  if ("environmentVariables" in properties)
    properties.environmentVariables = redactSecrets(properties.environmentVariables as EnvironmentVariable[] | null);
  if (check.checkType === "HEARTBEAT" && check.pingToken) {
    properties.heartbeat = { ...(properties.heartbeat as object), pingUrl: `${baseUrl}/ping/${check.pingToken}` };
  }
  return {
    id: check.id,
    checkType: check.checkType,
    ...properties,
    created_at: iso(check.createdAt),
    updated_at: iso(check.updatedAt),
  };
}

const HeartbeatResponse = z.object({
  period: z.number().int(),
  periodUnit: z.enum(TIME_UNITS),
  grace: z.number().int(),
  graceUnit: z.enum(TIME_UNITS),
  minimum: z.number().int().optional().describe("only when set"),
  minimumUnit: z.enum(TIME_UNITS).optional(),
  pingToken: z.string(),
  pingUrl: z.string().describe("<scheme>://<host>/ping/<pingToken>: where the monitored job pings"),
});

/** The response shape of one type, for the OpenAPI document: its properties as the domain defines them. */
function responseOf(type: RoutedCheckType) {
  const shape = { ...CHECK_TYPE_SPECS[type].fields };
  if (type === "HEARTBEAT") shape.heartbeat = HeartbeatResponse;
  // The document shows the settings' properties (the domain's schema completes them in a transform, which a document cannot show).
  if ("alertSettings" in shape) shape.alertSettings = AlertSettings;
  shape.alertChannelSubscriptions = z.array(z.object({ alertChannelId: z.number().int(), activated: z.boolean() }));
  return z.object({ id: z.uuid(), checkType: z.literal(type), ...shape, ...timestamps }).describe(`${type} check`);
}

export const CheckResponses = Object.fromEntries(
  Object.values(CHECK_ROUTE_TYPES).map((type) => [type, responseOf(type) as z.ZodType]),
) as Record<RoutedCheckType, z.ZodType>;
export const CheckResponse = z.union(Object.values(CheckResponses) as [z.ZodType, z.ZodType, ...z.ZodType[]]);
