import { z } from "zod";
import { queryParameterForm } from "../domain/shared/schemas.js";
import { IdempotencyKey } from "../domain/idempotency/index.js";
import { isCreation } from "./idempotency.js";
import type { Route } from "./route.js";

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonSchema;
  return rest;
}

/**
 * A query schema's parameters as clients should send them: the query helpers (queryInt,
 * queryBoolean, queryTime...) are documented by their registered form (an integer, a boolean)
 * rather than the string they are parsed from, with their default.
 */
function queryParameters(schema: z.ZodObject): { properties: Record<string, JsonSchema>; required: string[] } {
  const document = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    target: "draft-2020-12",
    override: ({ zodSchema, jsonSchema }) => {
      const form = queryParameterForm.get(zodSchema as unknown as z.ZodType);
      if (form) {
        for (const keyword of Object.keys(jsonSchema)) delete (jsonSchema as JsonSchema)[keyword];
        Object.assign(jsonSchema, form);
      }
      // A helper's default is its value's (limit 10, autoAssignAlerts true), which input mode leaves out.
      if (zodSchema instanceof z.ZodDefault && queryParameterForm.has(zodSchema.def.innerType))
        jsonSchema.default = zodSchema.def.defaultValue;
    },
  }) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return { properties: document.properties ?? {}, required: document.required ?? [] };
}

function responseSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io: "output",
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonSchema;
  return rest;
}

const errorRef = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** Each tag's description: the document lists every tag an operation uses, with what it groups. */
const TAGS: Record<string, string> = {
  Checks: "API, URL, TCP, DNS, ICMP, SSL, heartbeat, browser and multi-step checks",
  Analytics: "Metrics of a check over a window, per bucket or per result",
  "Check groups": "Groups of checks sharing settings and defaults",
  "Check results": "What check runs recorded, per check",
  "Check sessions": "On-demand runs of matching checks, and their outcome",
  "Maintenance windows": "Periods that pause checks or silence their alerts",
  Heartbeats: "Heartbeat checks' events, availability and key-less pings",
  "Private locations": "Locations run by your own agents, their keys and error reports",
  "Private-location agent": "The API a private-location agent calls with its agent key",
  "Status pages": "Public pages showing services in cards",
  "Status page services": "The services status pages and incidents name",
  "Status page incidents": "Incidents on services, and their updates",
  "Alert channels": "Where alerts go (email, Slack, webhooks, PagerDuty, Opsgenie) and who is subscribed",
  "Alert settings": "The account's alert settings, used by checks and groups with useGlobalAlertSettings",
  "API keys": "The account's API keys: shown once at creation, then masked; revoked everywhere within a second",
};

/** The OpenAPI 3.1 document of every REST route, generated from the route list and its zod schemas. */
export function openApiDocument(routes: readonly Route[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operationOf(route);
  }
  const tags = [...new Set(routes.map((route) => route.tag))].map((name) => ({
    name,
    ...(TAGS[name] ? { description: TAGS[name] } : {}),
  }));
  return {
    openapi: "3.1.0",
    info: {
      title: "Vigil REST API",
      version: "1.0.0",
      contact: { name: "Vigil" },
      description:
        "Monitoring checks, check results, maintenance windows, heartbeats and status pages. The same domain also serves GraphQL at /graphql.",
    },
    servers: [{ url: "/" }],
    security: [{ bearerAuth: [] }],
    tags,
    components: components(),
    paths,
  };
}

/** One route's operation: its parameters, request body and responses. */
function operationOf(route: Route) {
  const parameters = parametersOf(route);
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    tags: [route.tag],
    ...(route.deprecated ? { deprecated: true } : {}),
    ...(route.auth === false ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: !route.bodyOptional,
            content: { [route.bodyType ?? "application/json"]: { schema: jsonSchema(route.body) } },
          },
        }
      : {}),
    responses: responsesOf(route),
  };
}

/** The path parameters, a creation's Idempotency-Key, then the query's parameters. */
function parametersOf(route: Route): unknown[] {
  const parameters: unknown[] = Object.entries(route.params ?? {}).map(([name, { description, schema }]) => ({
    name,
    in: "path",
    required: true,
    description,
    schema,
  }));
  if (isCreation(route)) parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });
  if (route.query) {
    const query = queryParameters(route.query);
    for (const [name, schema] of Object.entries(query.properties))
      parameters.push({ name, in: "query", required: query.required.includes(name), schema });
  }
  return parameters;
}

/** The success response, the common errors (no 401, 403 or 429 without a key), a creation's 409, the route's others. */
function responsesOf(route: Route): Record<string, unknown> {
  const idempotent = isCreation(route);
  const success =
    route.status === 204 || !route.response
      ? { description: route.status === 201 ? "Created" : route.status === 204 ? "No Content" : "Successful" }
      : {
          description: route.status === 201 ? "Created" : "Successful",
          content: { [route.responseType ?? "application/json"]: { schema: responseSchema(route.response) } },
        };
  const responses: Record<string, unknown> = {
    [route.status]: idempotent
      ? { ...success, headers: { "Idempotent-Replayed": { $ref: "#/components/headers/IdempotentReplayed" } } }
      : success,
    "400": errorRef("Validation failed: `validation.keys` names the fields"),
    ...(route.auth === false
      ? {}
      : {
          "401": errorRef("Missing, malformed or unknown API key"),
          "403": errorRef("x-service-account is not the key's account"),
          "429": errorRef("Over the rate limit; see Retry-After"),
        }),
    "404": errorRef("Not found (also a resource of another account)"),
  };
  if (idempotent)
    responses["409"] = errorRef(
      "The Idempotency-Key was used with another request, or its first request is still in progress",
    );
  for (const [status, description] of Object.entries(route.otherResponses ?? {}))
    responses[status] = errorRef(description);
  return responses;
}

/** The security scheme, the Idempotency-Key parameter and header, and the error body every operation shares. */
function components() {
  return {
    securitySchemes: {
      bearerAuth: {
        type: "http",
        scheme: "bearer",
        description:
          "An API key: `Authorization: Bearer <key>`. The optional `x-service-account` header must name the key's account.",
      },
    },
    parameters: {
      IdempotencyKey: {
        name: "Idempotency-Key",
        in: "header",
        required: false,
        description:
          "Makes a retry safe: the same key with the same request within 24 hours returns the first response (with `Idempotent-Replayed: true`) and creates nothing; the same key with another body, query or path is a 409, as is a request while the first with that key is still running. A request that failed is not stored, so a corrected one may reuse its key. 1 to 255 printable ASCII characters (a uuid is usual); keys are per account.",
        schema: jsonSchema(IdempotencyKey),
      },
    },
    headers: {
      IdempotentReplayed: {
        description:
          "`true` when this response is the stored response of an earlier request with the same Idempotency-Key",
        schema: { type: "string", enum: ["true"] },
      },
    },
    schemas: {
      Error: {
        type: "object",
        required: ["statusCode", "error", "message"],
        properties: {
          statusCode: { type: "integer" },
          error: { type: "string" },
          message: { type: "string" },
          validation: {
            type: "object",
            properties: {
              source: { enum: ["payload", "query", "params", "headers"] },
              keys: { type: "array", items: { type: "string" } },
            },
          },
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
