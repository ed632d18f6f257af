import { z } from "zod";
import {
  ApiCheckDefaults,
  AutoAssignAlertsQuery,
  type CheckGroupRow,
  CreateCheckGroupInput,
  createCheckGroup,
  deleteCheckGroup,
  getCheckGroup,
  ListCheckGroupsQuery,
  listCheckGroups,
  UpdateCheckGroupInput,
  updateCheckGroup,
} from "../../domain/check-groups/index.js";
import {
  AlertSettings,
  EnvironmentVariables,
  Location,
  RetryStrategy,
  RuntimeId,
} from "../../domain/shared/schemas.js";
import { iso, timestamps } from "../format.js";
import { redactSecrets } from "../../domain/shared/secrets.js";
import { type Route, intIdParam } from "../route.js";

/** The reference's CheckGroup / CheckGroupRead, in its property order. */
export const CheckGroupResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  activated: z.boolean(),
  muted: z.boolean(),
  tags: z.array(z.string()),
  locations: z.array(Location),
  concurrency: z.number().int(),
  apiCheckDefaults: ApiCheckDefaults,
  browserCheckDefaults: z.string().nullable(),
  environmentVariables: EnvironmentVariables.nullable(),
  doubleCheck: z.boolean(),
  useGlobalAlertSettings: z.boolean().nullable(),
  alertSettings: AlertSettings.nullable(),
  alertChannelSubscriptions: z.array(z.object({ alertChannelId: z.number().int(), activated: z.boolean() })),
  setupSnippetId: z.number().int().nullable(),
  tearDownSnippetId: z.number().int().nullable(),
  localSetupScript: z.string().nullable(),
  localTearDownScript: z.string().nullable(),
  runtimeId: RuntimeId.nullable(),
  privateLocations: z.array(z.string()).nullable(),
  retryStrategy: RetryStrategy,
  ...timestamps,
  runParallel: z.boolean().nullable(),
});
type CheckGroupResponse = z.infer<typeof CheckGroupResponse>;

export function toCheckGroupResponse(g: CheckGroupRow): CheckGroupResponse {
  return {
    id: g.id,
    name: g.name,
    activated: g.activated,
    muted: g.muted,
    tags: g.tags as string[],
    locations: g.locations as CheckGroupResponse["locations"],
    concurrency: g.concurrency,
    apiCheckDefaults: g.apiCheckDefaults as CheckGroupResponse["apiCheckDefaults"],
    browserCheckDefaults: g.browserCheckDefaults as string | null,
    environmentVariables: redactSecrets(g.environmentVariables as CheckGroupResponse["environmentVariables"]),
    doubleCheck: g.doubleCheck,
    useGlobalAlertSettings: g.useGlobalAlertSettings,
    alertSettings: g.alertSettings as CheckGroupResponse["alertSettings"],
    alertChannelSubscriptions: g.alertChannelSubscriptions.map((s) => ({
      alertChannelId: s.alertChannelId,
      activated: s.activated,
    })),
    setupSnippetId: g.setupSnippetId,
    tearDownSnippetId: g.tearDownSnippetId,
    localSetupScript: g.localSetupScript,
    localTearDownScript: g.localTearDownScript,
    runtimeId: g.runtimeId as CheckGroupResponse["runtimeId"],
    privateLocations: g.privateLocations as string[] | null,
    retryStrategy: g.retryStrategy as CheckGroupResponse["retryStrategy"],
    created_at: iso(g.createdAt),
    updated_at: iso(g.updatedAt),
    runParallel: g.runParallel,
  };
}

const tag = "Check groups";
const params = { id: intIdParam("The id of the check group") };
const autoAssign =
  "With autoAssignAlerts=true (the default) and no alertChannelSubscriptions in the body, the group is subscribed to every alert channel of the account.";

export const checkGroupsRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/check-groups",
    operationId: "createCheckGroup",
    summary: "Create a check group",
    description: `Checks join the group through their groupId. ${autoAssign}`,
    tag,
    query: AutoAssignAlertsQuery,
    body: CreateCheckGroupInput,
    status: 201,
    response: CheckGroupResponse,
    handler: async ({ ctx, query, body }) => toCheckGroupResponse(await createCheckGroup({ ctx, input: body, query })),
  },
  {
    method: "GET",
    path: "/v1/check-groups",
    operationId: "listCheckGroups",
    summary: "List check groups, newest first",
    description:
      "Pages of `limit` groups (default 10), `page` from 1; `name` keeps groups named exactly one of the values, `tag` groups having at least one of the tags.",
    tag,
    query: ListCheckGroupsQuery,
    status: 200,
    response: z.array(CheckGroupResponse),
    handler: async ({ ctx, query }) => (await listCheckGroups({ ctx, query })).map(toCheckGroupResponse),
  },
  {
    method: "GET",
    path: "/v1/check-groups/{id}",
    operationId: "getCheckGroup",
    summary: "Retrieve a check group",
    description: "A group of another account is a 404, as a missing one.",
    tag,
    params,
    status: 200,
    response: CheckGroupResponse,
    handler: async ({ ctx, params }) => toCheckGroupResponse(await getCheckGroup({ ctx, id: params.id })),
  },
  {
    method: "PUT",
    path: "/v1/check-groups/{id}",
    operationId: "updateCheckGroup",
    summary: "Update a check group",
    description: `A partial update: an omitted property keeps its value; a sent list or nested object replaces the stored one. autoAssignAlerts acts at creation only: on update it changes no subscription.`,
    tag,
    params,
    query: AutoAssignAlertsQuery,
    body: UpdateCheckGroupInput,
    status: 200,
    response: CheckGroupResponse,
    handler: async ({ ctx, params, query, body }) =>
      toCheckGroupResponse(await updateCheckGroup({ ctx, id: params.id, input: body, query })),
  },
  {
    method: "DELETE",
    path: "/v1/check-groups/{id}",
    operationId: "deleteCheckGroup",
    summary: "Delete a check group",
    description: "A group that still contains checks cannot be deleted (409).",
    tag,
    params,
    status: 204,
    otherResponses: { 409: "The group still contains checks" },
    handler: async ({ ctx, params }) => deleteCheckGroup({ ctx, id: params.id }),
  },
];
