import type { FastifyReply, FastifyRequest } from "fastify";
import type { DomainContext } from "../domain/shared/context.js";
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from "../domain/idempotency/index.js";
import { JsonText, type Route } from "./route.js";

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "idempotent-replayed";

/** The routes that take an Idempotency-Key: every authenticated POST that creates (answers 201). */
export const isCreation = (route: Route) => route.method === "POST" && route.status === 201 && route.auth !== false;

/**
 * Runs a creating route under the client's Idempotency-Key (the rules are src/domain/idempotency's):
 * the first request runs and its 201 is stored; the same request again within 24 h gets that
 * response back with `Idempotent-Replayed: true` and creates nothing. A failed request is not
 * stored (its error propagates to the one REST error mapper) so a corrected retry can reuse the key.
 */
export async function sendIdempotently(
  {
    ctx,
    key,
    request,
    reply,
    status,
  }: {
    ctx: DomainContext;
    key: string | string[];
    request: FastifyRequest;
    reply: FastifyReply;
    status: number;
  },
  run: () => Promise<unknown>,
): Promise<FastifyReply> {
  const claim = await claimIdempotencyKey({
    ctx,
    input: {
      key: Array.isArray(key) ? key.join(", ") : key,
      operation: `${request.method} ${request.url.split("?")[0]}`,
      request: { body: request.body ?? null, query: request.query ?? {} },
    },
  });
  if (claim.kind === "replay")
    return reply
      .status(claim.status)
      .header(REPLAYED_HEADER, "true")
      .type("application/json; charset=utf-8")
      .send(claim.body);
  let body: string;
  try {
    const result = await run();
    body = result instanceof JsonText ? result.text : (JSON.stringify(result) ?? "null");
  } catch (error) {
    await releaseIdempotencyKey({ ctx, claim });
    throw error;
  }
  await completeIdempotencyKey({ ctx, claim, status, body });
  return reply.status(status).type("application/json; charset=utf-8").send(body);
}
