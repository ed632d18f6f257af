import { useState } from "react";
import { CopyableCode } from "../../ui/CopyableCode";
import { Field } from "../form/Field";

const STYLES = ["flat", "plastic", "flat-square", "for-the-badge", "social"];
const THEMES = ["default", "light", "dark"];

/**
 * A badge's URL: `subject` is "checks/<uuid>" (GET /v1/badges/checks/{id}: no key, the check's id
 * is the credential) or "groups/<id>" (labelled "status", never the group's name).
 */
export function badgeUrl(
  origin: string,
  subject: string,
  options: { style: string; theme: string; responseTime: boolean },
) {
  const query = new URLSearchParams();
  if (options.style !== "flat") query.set("style", options.style);
  if (options.theme !== "default") query.set("theme", options.theme);
  if (options.responseTime) query.set("responseTime", "true");
  const tail = query.size ? `?${query}` : "";
  const [kind, id = ""] = subject.split("/");
  return `${origin}/v1/badges/${kind === "groups" ? "groups" : "checks"}/${encodeURIComponent(id)}${tail}`;
}

/** Markdown's image, its alt text escaped (a check's name may hold brackets). */
export const badgeMarkdown = (name: string, url: string) => `![${name.replace(/([\\[\]])/g, "\\$1")} status](${url})`;

/** A labelled select of `children` (value and label each). */
function Choice({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: { value: string; label: string }[];
}) {
  return (
    <Field id={id} label={label}>
      {(props) => (
        <select {...props} value={value} onChange={(event) => onChange(event.target.value)}>
          {children.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

type Named = { readonly name: string };

/** A status badge of a check of the report or a group, shown as it will look, with its Markdown to copy. */
export function Badges({
  checks,
  groups,
}: {
  checks: readonly (Named & { readonly checkId: string })[];
  groups: readonly (Named & { readonly databaseId: number })[];
}) {
  const subjects = [
    ...checks.map((c) => ({ value: `checks/${c.checkId}`, name: c.name, label: c.name })),
    ...groups.map((g) => ({ value: `groups/${g.databaseId}`, name: g.name, label: `Group: ${g.name}` })),
  ];
  const [chosen, setChosen] = useState(subjects[0]?.value ?? "");
  const [style, setStyle] = useState("flat");
  const [theme, setTheme] = useState("default");
  const [responseTime, setResponseTime] = useState(false);
  const subject = subjects.find((s) => s.value === chosen) ?? subjects[0];
  const url = subject ? badgeUrl(window.location.origin, subject.value, { style, theme, responseTime }) : "";
  const markdown = subject ? badgeMarkdown(subject.name, url) : "";
  return (
    <section className="panel" aria-labelledby="badges">
      <h2 id="badges">Badges</h2>
      <p className="muted">
        Anyone with a badge's address sees the check's name (a group's badge says "status") and state: put it where that
        is meant to be public.
      </p>
      {subject ? (
        <form className="form" onSubmit={(event) => event.preventDefault()} aria-label="Badge">
          <Choice id="badge-check" label="Check or group" value={subject.value} onChange={setChosen}>
            {subjects}
          </Choice>
          <Choice id="badge-style" label="Style" value={style} onChange={setStyle}>
            {STYLES.map((s) => ({ value: s, label: s }))}
          </Choice>
          <Choice id="badge-theme" label="Theme" value={theme} onChange={setTheme}>
            {THEMES.map((s) => ({ value: s, label: s }))}
          </Choice>
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
            <img src={url} alt={`${subject.name} status badge`} data-testid="badge-preview" />
          </p>
          <CopyableCode id="badge-markdown" text={markdown} label="Copy the Markdown" />
        </form>
      ) : (
        <p>No check in this report, and no group, to make a badge of.</p>
      )}
    </section>
  );
}
