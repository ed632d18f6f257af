import { z } from "zod";
import { LIMITS } from "../shared/limits.js";
import { WebhookSecret } from "../alert-channels/schemas.js";
import { queryInt, querySchema, requestBody } from "../shared/schemas.js";
import { ServiceRef } from "../status-page-services/schemas.js";

export const DEFAULT_THEMES = ["AUTO", "LIGHT", "DARK"] as const;

export const THEME_COLOR_FIELDS = [
  "bodyBackgroundColor",
  "headerBackgroundColor",
  "headerFontColor",
  "titleFontColor",
  "bodyFontColor",
  "bodyFontColorMuted",
  "navigationFontColor",
  "linkFontColor",
  "cardBackgroundColor",
  "borderColor",
  "primaryButtonBackgroundColor",
  "primaryButtonFontColor",
] as const;
type ThemeColorField = (typeof THEME_COLOR_FIELDS)[number];

/** The reference document's pattern, also in lower case. */
const colour = z.string().regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, "must be a hex colour such as #1A2B3C");
const Palette = z.strictObject(
  Object.fromEntries(THEME_COLOR_FIELDS.map((field) => [field, colour])) as Record<ThemeColorField, typeof colour>,
);
export const ThemeColors = z.strictObject({ light: Palette, dark: Palette });
export type ThemeColors = z.infer<typeof ThemeColors>;

/** Lower-cased first (the reference document's x-convert), then checked (docs/decisions.md). */
export const Slug = z
  .string()
  .toLowerCase()
  .regex(/^[a-z0-9-]{3,63}$/, "must be 3 to 63 characters of a-z, 0-9 and -");
const label = "[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?";
const HostName = z
  .string()
  .toLowerCase()
  .max(253)
  .regex(new RegExp(`^${label}(\\.${label})+$`), "must be a host name such as status.example.com");
/** Shown to visitors of a public page: http(s) only, never javascript: or data: URLs. */
const WebUrl = z.url({ protocol: /^https?$/, message: "must be an http or https URL" }).max(2048);

/**
 * A card: a named group of services, in the order sent. `id` naming one of the page's cards
 * keeps that card (and its created_at); `statusPageId` is implied by the path and ignored.
 */
export const CardInput = requestBody({
  name: z.string().trim().min(1).max(255),
  services: z.array(ServiceRef).max(100).default([]),
  statusPageId: z.unknown().optional().describe("ignored: the page is the one written"),
}).extend({ id: z.string().max(LIMITS.token).optional() });

const Cards = z
  .array(CardInput)
  .max(100)
  .superRefine((cards, ctx) => {
    const seen = new Set<string>();
    cards.forEach((card, i) => {
      if (card.id !== undefined && seen.has(card.id))
        ctx.addIssue({ code: "custom", path: [i, "id"], message: "names the same card twice" });
      if (card.id !== undefined) seen.add(card.id);
    });
  });

const required = { name: z.string().trim().min(1).max(255), url: Slug };

/** Optional fields; on create they take these defaults, on update an omitted one keeps its value. */
const optional = {
  description: z.string().max(500).nullable(),
  customDomain: HostName.nullable(),
  logo: WebUrl.nullable(),
  logoDark: WebUrl.nullable(),
  redirectTo: WebUrl.nullable(),
  favicon: WebUrl.nullable(),
  defaultTheme: z.enum(DEFAULT_THEMES),
  version: z.number().nullable(),
  themeColors: ThemeColors.nullable(),
  /** A private page opens only with one of its keys (src/domain/status-page-keys). */
  isPrivate: z.boolean(),
  cards: Cards,
  /** Write-only (as a channel's): signs webhook subscribers' deliveries; null or omitted on update keeps it. */
  webhookSecret: WebhookSecret.nullable(),
};

export const CreateStatusPageInput = requestBody({
  ...required,
  description: optional.description.default(null),
  customDomain: optional.customDomain.default(null),
  logo: optional.logo.default(null),
  logoDark: optional.logoDark.default(null),
  redirectTo: optional.redirectTo.default(null),
  favicon: optional.favicon.default(null),
  defaultTheme: optional.defaultTheme.default("AUTO"),
  version: optional.version.default(null),
  themeColors: optional.themeColors.default(null),
  isPrivate: optional.isPrivate.default(false),
  cards: optional.cards.default([]),
  webhookSecret: optional.webhookSecret.default(null),
});
export type CreateStatusPageInput = z.input<typeof CreateStatusPageInput>;

/** PUT: name and url are required; what is sent is replaced (cards too); what is omitted is kept. */
export const UpdateStatusPageInput = requestBody({
  ...required,
  ...Object.fromEntries(Object.entries(optional).map(([key, schema]) => [key, schema.optional()])),
} as typeof required & { [K in keyof typeof optional]: z.ZodOptional<(typeof optional)[K]> });
export type UpdateStatusPageInput = z.input<typeof UpdateStatusPageInput>;

export const ListStatusPagesQuery = querySchema({
  limit: queryInt(1, 100).default(20),
  nextId: z.string().max(LIMITS.token).optional(),
});
