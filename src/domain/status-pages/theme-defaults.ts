import type { ThemeColors } from "./schemas.js";

/** Default colours: every text colour meets WCAG AA (4.5:1) on the backgrounds it is shown on. */
export const DEFAULT_COLORS: ThemeColors = {
  light: {
    bodyBackgroundColor: "#ffffff",
    headerBackgroundColor: "#f3f4f6",
    headerFontColor: "#111827",
    titleFontColor: "#111827",
    bodyFontColor: "#1f2937",
    bodyFontColorMuted: "#4b5563",
    navigationFontColor: "#1f2937",
    linkFontColor: "#1d4ed8",
    cardBackgroundColor: "#f9fafb",
    borderColor: "#d1d5db",
    primaryButtonBackgroundColor: "#1d4ed8",
    primaryButtonFontColor: "#ffffff",
  },
  dark: {
    bodyBackgroundColor: "#0f172a",
    headerBackgroundColor: "#111827",
    headerFontColor: "#f9fafb",
    titleFontColor: "#f9fafb",
    bodyFontColor: "#e5e7eb",
    bodyFontColorMuted: "#9ca3af",
    navigationFontColor: "#e5e7eb",
    linkFontColor: "#93c5fd",
    cardBackgroundColor: "#1e293b",
    borderColor: "#334155",
    primaryButtonBackgroundColor: "#93c5fd",
    primaryButtonFontColor: "#0f172a",
  },
};
