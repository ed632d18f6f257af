import { useState } from "react";
import type { GroupSearch_query$key } from "../../__generated__/GroupSearch_query.graphql";
import { CopyableCode } from "../../ui/CopyableCode";
import type { SearchOption } from "../../ui/SearchPicker";
import { Field } from "../form/Field";
import { GroupSearch } from "../pickers/GroupSearch";
import { badgeMarkdown, badgeUrl } from "./badge";

const STYLES = ["flat", "plastic", "flat-square", "for-the-badge", "social"];
const THEMES = ["default", "light", "dark"];

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

type Check = { readonly name: string; readonly checkId: string };

/**
 * A status badge of a check of the report, or of any group (found on the server as the person
 * types), shown as it will look, with its Markdown to copy.
 */
export function Badges({ checks, groups }: { checks: readonly Check[]; groups: GroupSearch_query$key }) {
  const [kind, setKind] = useState<"check" | "group">(checks.length ? "check" : "group");
  const [checkId, setCheckId] = useState(checks[0]?.checkId ?? "");
  const [group, setGroup] = useState<SearchOption | null>(null);
  const [style, setStyle] = useState("flat");
  const [theme, setTheme] = useState("default");
  const [responseTime, setResponseTime] = useState(false);
  const check = checks.find((c) => c.checkId === checkId) ?? checks[0];
  const subject =
    kind === "check"
      ? check && { value: `checks/${check.checkId}`, name: check.name }
      : group && { value: `groups/${group.value}`, name: group.label };
  const url = subject ? badgeUrl(window.location.origin, subject.value, { style, theme, responseTime }) : "";
  return (
    <section className="panel" aria-labelledby="badges">
      <h2 id="badges">Badges</h2>
      <p className="muted">
        Anyone with a badge's address sees the check's name (a group's badge says "status") and state: put it where that
        is meant to be public.
      </p>
      <form className="form" onSubmit={(event) => event.preventDefault()} aria-label="Badge">
        <fieldset>
          <legend>Badge of</legend>
          <label className="inline">
            <input type="radio" name="badge-kind" checked={kind === "check"} onChange={() => setKind("check")} /> A
            check of this report
          </label>
          <label className="inline">
            <input type="radio" name="badge-kind" checked={kind === "group"} onChange={() => setKind("group")} /> A
            group
          </label>
        </fieldset>
        {kind === "group" ? (
          <GroupSearch
            query={groups}
            id="badge-group"
            by="databaseId"
            chosen={group?.value ?? ""}
            onChoose={setGroup}
          />
        ) : checks.length ? (
          <Choice id="badge-check" label="Check" value={check?.checkId ?? ""} onChange={setCheckId}>
            {checks.map((c) => ({ value: c.checkId, label: c.name }))}
          </Choice>
        ) : (
          <p>No check in this report.</p>
        )}
        <Choice id="badge-style" label="Style" value={style} onChange={setStyle}>
          {STYLES.map((s) => ({ value: s, label: s }))}
        </Choice>
        <Choice id="badge-theme" label="Theme" value={theme} onChange={setTheme}>
          {THEMES.map((s) => ({ value: s, label: s }))}
        </Choice>
        <div className="field">
          <label>
            <input type="checkbox" checked={responseTime} onChange={(event) => setResponseTime(event.target.checked)} />{" "}
            Show the average response time (last 24 hours)
          </label>
        </div>
        {subject ? (
          <>
            <p>
              <img src={url} alt={`${subject.name} status badge`} data-testid="badge-preview" />
            </p>
            <CopyableCode id="badge-markdown" text={badgeMarkdown(subject.name, url)} label="Copy the Markdown" />
          </>
        ) : (
          <p>Choose a group to see its badge.</p>
        )}
      </form>
    </section>
  );
}
