import { z } from "zod";
import {
  createStatusPage,
  CreateStatusPageInput,
  customDomainState,
  DEFAULT_THEMES,
  deleteStatusPage,
  getStatusPage,
  ListStatusPagesQuery,
  listStatusPages,
  type StatusPageView,
  ThemeColors,
  updateStatusPage,
  UpdateStatusPageInput,
} from "../../domain/status-pages/index.js";
import { iso, timestamps } from "../format.js";
import { type Route, uuidParam } from "../route.js";
import { IncidentResponse, toIncidentResponse } from "./incidents.js";
import { ServiceResponse, toServiceResponse } from "./status-page-services.js";

const CardResponse = z.object({ id: z.string(), name: z.string(), services: z.array(ServiceResponse), ...timestamps });
const KeyResponse = z.object({ id: z.string(), maskedKey: z.string(), ...timestamps });

export const StatusPageResponse = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  customDomain: z.string().nullable(),
  customDomainVerified: z
    .boolean()
    .describe("whether _vigil.<customDomain> holds customDomainToken: the page answers on its domain only then"),
  customDomainToken: z
    .string()
    .nullable()
    .describe("publish it as the TXT record _vigil.<customDomain>; null without a customDomain"),
  logo: z.string().nullable(),
  logoDark: z.string().nullable(),
  redirectTo: z.string().nullable(),
  favicon: z.string().nullable(),
  defaultTheme: z.enum(DEFAULT_THEMES),
  version: z.number().nullable(),
  themeColors: ThemeColors.nullable(),
  isPrivate: z.boolean(),
  webhookSecret: z.null().describe("write-only: signs webhook subscribers' deliveries; always null here"),
  cards: z.array(CardResponse),
  incidents: z.array(IncidentResponse).describe("incidents naming a service of one of the page's cards, newest first"),
  keys: z.array(KeyResponse),
  ...timestamps,
});

export function toStatusPageResponse(p: StatusPageView): z.infer<typeof StatusPageResponse> {
  return {
    id: p.id,
    accountId: p.accountId,
    name: p.name,
    url: p.url,
    description: p.description,
    customDomain: p.customDomain,
    ...customDomainState(p),
    logo: p.logo,
    logoDark: p.logoDark,
    redirectTo: p.redirectTo,
    favicon: p.favicon,
    defaultTheme: p.defaultTheme as (typeof DEFAULT_THEMES)[number],
    version: p.version === null ? null : Number(p.version),
    themeColors: p.themeColors as ThemeColors | null,
    isPrivate: p.isPrivate,
    webhookSecret: null,
    cards: p.cards.map((c) => ({
      id: c.id,
      name: c.name,
      services: c.services.map(toServiceResponse),
      created_at: iso(c.createdAt),
      updated_at: iso(c.updatedAt),
    })),
    incidents: p.incidents.map(toIncidentResponse),
    keys: p.keys.map((k) => ({
      id: k.id,
      maskedKey: k.maskedKey,
      created_at: iso(k.createdAt),
      updated_at: iso(k.updatedAt),
    })),
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

const tag = "Status pages";
const params = { statusPageId: uuidParam("The id of the status page") };
const StatusPagesPage = z.object({
  length: z.number().int(),
  entries: z.array(StatusPageResponse),
  nextId: z.string().nullable(),
});
const conflict = { 409: "url already taken (unique across all accounts)" };

export const statusPagesRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/status-pages",
    operationId: "createStatusPage",
    summary: "Create a status page",
    description:
      "`url` is the page's slug, unique across all accounts (409 when taken); cards list the services the page shows.",
    tag,
    body: CreateStatusPageInput,
    status: 201,
    response: StatusPageResponse,
    otherResponses: conflict,
    handler: async ({ ctx, body }) => toStatusPageResponse(await createStatusPage({ ctx, input: body })),
  },
  {
    method: "GET",
    path: "/v1/status-pages",
    operationId: "listStatusPages",
    summary: "Retrieve all status pages, newest first",
    description: "Pages of `limit` pages (default 20), newest first; follow `nextId` until it is null.",
    tag,
    query: ListStatusPagesQuery,
    status: 200,
    response: StatusPagesPage,
    handler: async ({ ctx, query }) => {
      const { entries, nextId } = await listStatusPages({ ctx, query });
      return { length: entries.length, entries: entries.map(toStatusPageResponse), nextId };
    },
  },
  {
    method: "GET",
    path: "/v1/status-pages/{statusPageId}",
    operationId: "getStatusPage",
    summary: "Retrieve a status page",
    description: "The page with its cards, their services and its keys (masked).",
    tag,
    params,
    status: 200,
    response: StatusPageResponse,
    handler: async ({ ctx, params }) => toStatusPageResponse(await getStatusPage({ ctx, id: params.statusPageId })),
  },
  {
    method: "PUT",
    path: "/v1/status-pages/{statusPageId}",
    operationId: "updateStatusPage",
    summary: "Update a status page",
    description: "Needs name and url; what is sent is replaced (cards too), what is omitted is kept.",
    tag,
    params,
    body: UpdateStatusPageInput,
    status: 200,
    response: StatusPageResponse,
    otherResponses: conflict,
    handler: async ({ ctx, params, body }) =>
      toStatusPageResponse(await updateStatusPage({ ctx, id: params.statusPageId, input: body })),
  },
  {
    method: "DELETE",
    path: "/v1/status-pages/{statusPageId}",
    operationId: "deleteStatusPage",
    summary: "Delete a status page",
    description: "Its cards and keys go with it; its services and incidents stay (they belong to the account).",
    tag,
    params,
    status: 204,
    handler: async ({ ctx, params }) => deleteStatusPage({ ctx, id: params.statusPageId }),
  },
];
