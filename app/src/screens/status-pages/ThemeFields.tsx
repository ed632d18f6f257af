import type { Colors, Palette, Values } from "./values";

const LABELS: Record<keyof Palette, string> = {
  bodyBackgroundColor: "Background",
  bodyFontColor: "Text",
  bodyFontColorMuted: "Muted text",
  borderColor: "Borders",
  cardBackgroundColor: "Card background",
  headerBackgroundColor: "Header background",
  headerFontColor: "Header text",
  linkFontColor: "Links",
  navigationFontColor: "Navigation",
  primaryButtonBackgroundColor: "Button background",
  primaryButtonFontColor: "Button text",
  titleFontColor: "Titles",
};

/** <input type=color> takes only #rrggbb: "#ABC" is shown as "#aabbcc". */
const hex6 = (value: string) =>
  (/^#[0-9a-f]{3}$/i.test(value) ? `#${[...value.slice(1)].map((c) => c + c).join("")}` : value).toLowerCase();

/** The page's theme (light, dark, or the visitor's) and, when asked for, its own colours. */
export function ThemeFields({
  values,
  set,
  error,
}: {
  values: Values;
  set: (change: Partial<Values>) => void;
  error?: string;
}) {
  const colour = (scheme: keyof Colors, field: keyof Palette) => (
    <label key={`${scheme}-${field}`}>
      <input
        type="color"
        value={hex6(values.colors[scheme][field])}
        onChange={(event) =>
          set({ colors: { ...values.colors, [scheme]: { ...values.colors[scheme], [field]: event.target.value } } })
        }
      />
      {LABELS[field]} ({scheme})
    </label>
  );
  return (
    <fieldset aria-describedby={error ? "themeColors-error" : undefined}>
      <legend>Theme</legend>
      <div className="field">
        <label htmlFor="defaultTheme">Shown in</label>
        <select
          id="defaultTheme"
          value={values.defaultTheme}
          onChange={(event) => set({ defaultTheme: event.target.value as Values["defaultTheme"] })}
        >
          <option value="AUTO">The visitor's choice (light or dark)</option>
          <option value="LIGHT">Light</option>
          <option value="DARK">Dark</option>
        </select>
      </div>
      <label className="inline">
        <input
          type="checkbox"
          checked={values.customColors}
          onChange={(event) => set({ customColors: event.target.checked })}
        />{" "}
        Own colours
      </label>
      {values.customColors
        ? (["light", "dark"] as const).map((scheme) => (
            <fieldset key={scheme} className="colors">
              <legend>{scheme === "light" ? "Light" : "Dark"} colours</legend>
              {(Object.keys(LABELS) as (keyof Palette)[]).map((field) => colour(scheme, field))}
            </fieldset>
          ))
        : null}
      {error ? (
        <small id="themeColors-error" className="field-error" data-testid="error-themeColors">
          {error}
        </small>
      ) : null}
    </fieldset>
  );
}
