import {
  AutoAssignAlertsQuery,
  CreateCheckGroupV2Input,
  createCheckGroup,
  UpdateCheckGroupV2Input,
  updateCheckGroup,
} from "../../domain/check-groups/index.js";
import { type Route, intIdParam } from "../route.js";
import { CheckGroupResponse, toCheckGroupResponse } from "../v1/check-groups.js";

const tag = "Check groups";
/** What v2's body changes from v1's: the domain's v2 schemas say it once (check-groups/schemas.ts). */
const V2_BODY =
  "The body is the reference's CheckGroupCreateOrUpdateV2: `doubleCheck` defaults to false, and `null` for `useGlobalAlertSettings`, `alertSettings` or `runParallel` stands for the default (true, the default settings, false), which the answer shows.";

/** The reference's v2 writes of check groups: the v1 domain verbs with v2's body, answering v1's CheckGroup. */
export const checkGroupsV2Routes: Route[] = [
  {
    method: "POST",
    path: "/v2/check-groups",
    operationId: "createCheckGroupV2",
    summary: "Create a check group (v2)",
    description: `Checks join the group through their groupId. ${V2_BODY} With autoAssignAlerts=true (the default) and no alertChannelSubscriptions in the body, the group is subscribed to every alert channel of the account.`,
    tag,
    query: AutoAssignAlertsQuery,
    body: CreateCheckGroupV2Input,
    status: 201,
    response: CheckGroupResponse,
    handler: async ({ ctx, query, body }) =>
      toCheckGroupResponse(await createCheckGroup({ ctx, input: body, query, schema: CreateCheckGroupV2Input })),
  },
  {
    method: "PUT",
    path: "/v2/check-groups/{id}",
    operationId: "updateCheckGroupV2",
    summary: "Update a check group (v2)",
    description: `\`name\` is required; every other property is a partial update, as on v1: an omitted one keeps its value, a sent list or nested object replaces the stored one. ${V2_BODY} autoAssignAlerts acts at creation only.`,
    tag,
    params: { id: intIdParam("The id of the check group") },
    query: AutoAssignAlertsQuery,
    body: UpdateCheckGroupV2Input,
    status: 200,
    response: CheckGroupResponse,
    handler: async ({ ctx, params, query, body }) =>
      toCheckGroupResponse(
        await updateCheckGroup({ ctx, id: params.id, input: body, query, schema: UpdateCheckGroupV2Input }),
      ),
  },
];
