import {
  DEFAULT_COLORS,
  DEFAULT_THEMES,
  THEME_COLOR_FIELDS,
  type ThemeColors,
} from "../../../domain/status-pages/index.js";
import { builder } from "../../builder.js";

/** The theme of a status page: enum, colours, and their inputs. */
export const StatusPageThemeEnum = builder.enumType("StatusPageTheme", { values: DEFAULT_THEMES });
export type StatusPageTheme = (typeof DEFAULT_THEMES)[number];

type Palette = ThemeColors["light"];

const ThemePalette = builder.objectRef<Palette>("ThemePalette").implement({
  description: "The colours of one theme (hex strings such as #1A2B3C).",
  fields: (t) =>
    Object.fromEntries(THEME_COLOR_FIELDS.map((field) => [field, t.exposeString(field)])) as Record<
      keyof Palette,
      ReturnType<typeof t.exposeString>
    >,
});

export const ThemeColorsRef = builder.objectRef<ThemeColors>("ThemeColors").implement({
  fields: (t) => ({
    light: t.field({ type: ThemePalette, resolve: (colors) => colors.light }),
    dark: t.field({ type: ThemePalette, resolve: (colors) => colors.dark }),
  }),
});

builder.queryFields((t) => ({
  defaultThemeColors: t.field({
    type: ThemeColorsRef,
    description: "The colours a status page without themeColors shows (a form's starting values).",
    resolve: () => DEFAULT_COLORS,
  }),
}));
