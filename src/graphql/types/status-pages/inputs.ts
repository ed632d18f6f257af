import { THEME_COLOR_FIELDS, type ThemeColors } from "../../../domain/status-pages/index.js";
import { builder } from "../../builder.js";
import { ServiceReferenceInput, serviceRefs } from "../status-page-services/inputs.js";
import { StatusPageThemeEnum } from "./theme.js";

type Palette = ThemeColors["light"];

const ThemePaletteInput = builder.inputType("ThemePaletteInput", {
  fields: (t) =>
    Object.fromEntries(THEME_COLOR_FIELDS.map((field) => [field, t.string({ required: true })])) as Record<
      keyof Palette,
      ReturnType<typeof t.string>
    >,
});

export const ThemeColorsInput = builder.inputType("ThemeColorsInput", {
  fields: (t) => ({
    light: t.field({ type: ThemePaletteInput, required: true }),
    dark: t.field({ type: ThemePaletteInput, required: true }),
  }),
});

export const StatusPageCardInput = builder.inputType("StatusPageCardInput", {
  fields: (t) => ({
    id: t.id({
      description:
        "The id of one of the page's cards keeps that card (renamed and refilled); any other makes a new card.",
    }),
    name: t.string({ required: true }),
    services: t.field({ type: [ServiceReferenceInput] }),
  }),
});

/**
 * The fields of a write; the domain validates them. On create an omitted field takes its
 * default; on update it keeps its value, and what is sent (cards too) is replaced.
 */
export const StatusPageInput = builder.inputType("StatusPageInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    url: t.string({ required: true, description: "3 to 63 characters of a-z, 0-9 and -; unique across all accounts" }),
    description: t.string(),
    customDomain: t.string(),
    logo: t.string(),
    logoDark: t.string(),
    redirectTo: t.string(),
    favicon: t.string(),
    defaultTheme: t.field({ type: StatusPageThemeEnum }),
    version: t.float(),
    themeColors: t.field({ type: ThemeColorsInput }),
    isPrivate: t.boolean({
      description: "A private page opens only with one of its keys; key-less GraphQL never shows it.",
    }),
    webhookSecret: t.string({
      description: "Signs webhook subscribers' deliveries (Standard Webhooks); null or omitted on update keeps it.",
    }),
    cards: t.field({ type: [StatusPageCardInput] }),
  }),
});

type Input = typeof StatusPageInput.$inferInput;

/** REST's body from GraphQL's input: service references become service ids (see serviceRefs). */
export function body({ cards, ...page }: Input) {
  if (cards == null) return cards === undefined ? page : { ...page, cards };
  return {
    ...page,
    cards: cards.map(({ services, ...card }) =>
      services === undefined ? card : { ...card, services: serviceRefs(services) },
    ),
  };
}
