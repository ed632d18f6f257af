import { useState } from "react";
import { CopyButton } from "../../ui/CopyButton";
import { Field } from "../form/Field";

const STYLES = ["flat", "plastic", "flat-square", "for-the-badge", "social"];
const THEMES = ["default", "light", "dark"];

/** A check's badge URL (GET /v1/badges/checks/{id}: no key, the check's id is the credential). */
export function badgeUrl(
  origin: string,
  checkId: string,
  options: { style: string; theme: string; responseTime: boolean },
) {
  const query = new URLSearchParams();
  if (options.style !== "flat") query.set("style", options.style);
  if (options.theme !== "default") query.set("theme", options.theme);
  if (options.responseTime) query.set("responseTime", "true");
  const tail = query.size ? `?${query}` : "";
  return `${origin}/v1/badges/checks/${encodeURIComponent(checkId)}${tail}`;
}

/** Markdown's image, its alt text escaped (a check's name may hold brackets). */
export const badgeMarkdown = (name: string, url: string) => `![${name.replace(/([\\[\]])/g, "\\$1")} status](${url})`;

/** A status badge of a check of the report, shown as it will look, with its Markdown to copy. */
export function Badges({ checks }: { checks: readonly { readonly checkId: string; readonly name: string }[] }) {
  const [chosen, setChosen] = useState(checks[0]?.checkId ?? "");
  const [style, setStyle] = useState("flat");
  const [theme, setTheme] = useState("default");
  const [responseTime, setResponseTime] = useState(false);
  const check = checks.find((c) => c.checkId === chosen) ?? checks[0];
  const url = check ? badgeUrl(window.location.origin, check.checkId, { style, theme, responseTime }) : "";
  const markdown = check ? badgeMarkdown(check.name, url) : "";
  return (
    <section className="panel" aria-labelledby="badges">
      <h2 id="badges">Badges</h2>
      <p className="muted">
        Anyone with a badge's address sees the check's name and state: put it where that is meant to be public.
      </p>
      {check ? (
        <form className="form" onSubmit={(event) => event.preventDefault()} aria-label="Badge">
          <Field id="badge-check" label="Check">
            {(props) => (
              <select {...props} value={check.checkId} onChange={(event) => setChosen(event.target.value)}>
                {checks.map((c) => (
                  <option key={c.checkId} value={c.checkId}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="badge-style" label="Style">
            {(props) => (
              <select {...props} value={style} onChange={(event) => setStyle(event.target.value)}>
                {STYLES.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            )}
          </Field>
          <Field id="badge-theme" label="Theme">
            {(props) => (
              <select {...props} value={theme} onChange={(event) => setTheme(event.target.value)}>
                {THEMES.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            )}
          </Field>
          <div className="field">
            <label>
              <input
                type="checkbox"
                checked={responseTime}
                onChange={(event) => setResponseTime(event.target.checked)}
              />{" "}
              Show the average response time (last 24 hours)
            </label>
          </div>
          <p>
            <img src={url} alt={`${check.name} status badge`} data-testid="badge-preview" />
          </p>
          <p>
            <code id="badge-markdown" data-testid="badge-markdown">
              {markdown}
            </code>
          </p>
          <CopyButton text={markdown} label="Copy the Markdown" targetId="badge-markdown" />
        </form>
      ) : (
        <p>No check in this report to make a badge of.</p>
      )}
    </section>
  );
}
