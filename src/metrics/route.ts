import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { errorBody } from "../http/errors.js";
import type { Metrics } from "./metrics.js";

export const METRICS_PATH = "/metrics";

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * `GET /metrics` in Prometheus text format: open unless `token` (METRICS_TOKEN) is set, then only
 * with `Authorization: Bearer <token>`, compared in constant time (over digests, so that neither
 * the length nor the characters leak). Not an API operation: outside the OpenAPI document.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | null) {
  const expected = token === null ? null : digest(token);
  app.get(METRICS_PATH, async (request, reply) => {
    if (expected) {
      const given = /^Bearer[ ]+(\S+)[ ]*$/i.exec(request.headers.authorization ?? "")?.[1];
      if (!given || !timingSafeEqual(digest(given), expected))
        return reply
          .status(401)
          .header("www-authenticate", 'Bearer realm="metrics"')
          .send(errorBody(401, "metrics need 'Authorization: Bearer <METRICS_TOKEN>'"));
    }
    const { contentType, body } = await metrics.scrape();
    return reply.header("cache-control", "no-store").type(contentType).send(body);
  });
}
