import {
  AutoAssignAlertsQuery,
  CHECK_ROUTE_TYPES,
  CreateAnyCheckInput,
  createCheckOfBodyType,
} from "../../domain/checks/index.js";
import type { Route } from "../route.js";
import { baseUrl, CheckResponse, markDeprecated, toCheckResponse } from "./checks-response.js";

/** A type's own create route, the generic one's successor. */
const slugOf = Object.fromEntries(Object.entries(CHECK_ROUTE_TYPES).map(([slug, type]) => [type, slug]));

/** The reference's deprecated generic create: `checkType` in the body picks the typed create. */
export const genericCheckRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/checks",
    operationId: "createCheck",
    summary: "Create a check of the body's checkType (deprecated)",
    description: `Deprecated: use \`POST /v1/checks/{type}\` (e.g. \`/v1/checks/api\`). The body is that type's create body with \`checkType\` (${Object.values(CHECK_ROUTE_TYPES).join(", ")}), validated and created exactly as there; another checkType is a 400. With autoAssignAlerts=true (the default) and no alertChannelSubscriptions in the body, the check is subscribed to every alert channel of the account.`,
    deprecated: true,
    tag: "Checks",
    query: AutoAssignAlertsQuery,
    body: CreateAnyCheckInput,
    status: 201,
    response: CheckResponse,
    handler: async ({ ctx, body, query, request, reply }) => {
      const check = await createCheckOfBodyType({ ctx, input: body, query });
      markDeprecated(reply, `/v1/checks/${slugOf[check.checkType]}`);
      return toCheckResponse(check, baseUrl(request));
    },
  },
];
