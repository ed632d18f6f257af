import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { DomainContext } from "../domain/shared/context.js";
import { INT_MAX } from "../domain/shared/schemas.js";

export type RouteInput = {
  /** Scoped to the caller's account; null only on routes with `auth: false`. */
  ctx: DomainContext;
  params: Record<string, string>;
  /** The raw query string values (strings, or arrays for repeated keys). */
  query: Record<string, unknown>;
  /** The parsed JSON body (undefined when none was sent). */
  body: unknown;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Aborted when the client goes away or the server begins to stop: for handlers that wait. */
  signal: AbortSignal;
};

/**
 * One REST operation. The same list registers the Fastify routes and generates the OpenAPI
 * document, so the two cannot drift. `query` and `body` are the domain's own zod schemas: the
 * domain verb validates with them, the route only names them for the document.
 */
export type Route = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The full path in OpenAPI form, e.g. `/v1/maintenance-windows/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** What the operation does beyond its summary (every operation has one: clients show it). */
  description: string;
  deprecated?: boolean;
  /** false for the few key-less routes (heartbeat pings). */
  auth?: boolean;
  /**
   * A key-less route's query is lenient (unknown parameters ignored: cron jobs and badges add
   * cache-busting ones) unless this is set: then, as with keyed routes, an unknown parameter is a 400.
   */
  strictQuery?: boolean;
  /** Path parameter name → its description and type (intIdParam, uuidParam, stringParam). */
  params?: Record<string, PathParam>;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The body's media type when not JSON (an agent's file upload: application/octet-stream). */
  bodyType?: string;
  /** The body may be omitted (e.g. cancel). */
  bodyOptional?: boolean;
  /** The success status; 204 sends no body. */
  status: 200 | 201 | 204;
  /** The success body's shape, for the document. */
  response?: z.ZodType;
  /** The success body's media type when not JSON (badges are SVG); the handler sends it itself. */
  responseType?: string;
  /** Other statuses this operation answers besides the common 400/401/403/404/429. */
  otherResponses?: Record<number, string>;
  handler: (input: RouteInput) => Promise<unknown>;
};

/**
 * A success body a handler wrote as JSON text itself, sent as it is (the check-result lists
 * write theirs from the text their JSON columns are stored as).
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * A path parameter as the document shows it. Paths arrive as strings, but a client generated from
 * the document should pass an integer id as a number; an id of the wrong form is still a 404.
 */
export type PathParam = { description: string; schema: { type: "integer" | "string"; [keyword: string]: unknown } };

export const intIdParam = (description: string): PathParam => ({
  description: `${description} (an integer)`,
  schema: { type: "integer", minimum: 1, maximum: INT_MAX },
});

export const uuidParam = (description: string): PathParam => ({
  description: `${description} (a uuid)`,
  schema: { type: "string", format: "uuid" },
});

export const stringParam = (description: string): PathParam => ({ description, schema: { type: "string" } });

/** `/v1/checks/{id}` → `/v1/checks/:id` */
export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}
