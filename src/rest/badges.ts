import { z } from "zod";
import { type Badge, BadgeQuery, checkBadge, GroupBadgeQuery, groupBadge } from "../domain/badges/index.js";
import { type Route, type RouteInput, intIdParam, uuidParam } from "./route.js";

/** Short enough that a status change shows within a minute; long enough for README views to be cached. */
const CACHE_CONTROL = "public, max-age=60";

function send({ request, reply }: RouteInput, badge: Badge) {
  reply.header("cache-control", CACHE_CONTROL).header("etag", badge.etag);
  if (request.headers["if-none-match"] === badge.etag) return reply.status(304).send();
  return reply.status(200).type("image/svg+xml; charset=utf-8").send(badge.svg);
}

const common = {
  method: "GET",
  tag: "Badges",
  auth: false,
  query: BadgeQuery,
  status: 200,
  response: z.string().describe("An SVG image of the status"),
  responseType: "image/svg+xml",
  otherResponses: { 304: "Not Modified: the badge matches `If-None-Match`" },
} as const;

export const badgesRoutes: Route[] = [
  {
    ...common,
    path: "/v1/badges/checks/{checkId}",
    operationId: "getCheckBadge",
    summary: "Get a check's status badge",
    description:
      "No API key: the check's id is the credential, as Checkly's public badges. An SVG with the check's name and status (passing, degraded, failing, or unknown before its first run), with `responseTime` its average response time over the last 24 hours. Cacheable for 60 seconds, with an ETag.",
    params: { checkId: uuidParam("The id of the check") },
    handler: async (input) =>
      send(input, await checkBadge({ ctx: input.ctx, checkId: input.params.checkId!, query: input.query })),
  },
  {
    ...common,
    path: "/v1/badges/groups/{groupId}",
    operationId: "getGroupBadge",
    summary: "Get a check group's status badge",
    description:
      "No API key, as the check badge. The worst status of the group's checks, labelled by `label` (default \"status\"), never by the group's name (group ids are sequential); `responseTime` adds their average over the last 24 hours.",
    query: GroupBadgeQuery,
    params: { groupId: intIdParam("The id of the check group") },
    handler: async (input) =>
      send(input, await groupBadge({ ctx: input.ctx, groupId: input.params.groupId!, query: input.query })),
  },
];
