import { type FormEvent, useState } from "react";
import { navigate } from "../../router/router";
import { Field } from "../form/Field";
import { zoneChoices } from "../maintenance/zones";
import { knownZone, RANGES } from "./ReportingQuery";

/** The report's zone, range (a preset, or two dates) and tags; applying puts them in the URL, which reloads the figures. */
export function ReportFilters({ search }: { search: URLSearchParams }) {
  const custom = Boolean(search.get("from") && search.get("to"));
  const [range, setRange] = useState(custom ? "CUSTOM" : (search.get("range") ?? "LAST_24_HRS"));
  const [from, setFrom] = useState(search.get("from") ?? "");
  const [to, setTo] = useState(search.get("to") ?? "");
  const [tags, setTags] = useState(search.getAll("tag").join(", "));
  const [zone, setZone] = useState(knownZone(search.get("tz")) ?? "UTC");
  const [error, setError] = useState<string | undefined>();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (range === "CUSTOM") {
      if (!from || !to || from >= to) return setError("Choose a first day before the last one.");
      next.set("from", from);
      next.set("to", to);
    } else next.set("range", range);
    if (zone !== "UTC") next.set("tz", zone);
    for (const tag of tags
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean))
      next.append("tag", tag);
    setError(undefined);
    navigate(`/reporting?${next}`, { replace: true });
  };
  return (
    <form className="form filters" onSubmit={apply} aria-label="Report range and tags" noValidate>
      <Field id="report-zone" label="Time zone" hint="Days, weeks and months are this zone's">
        {(props) => (
          <select {...props} value={zone} onChange={(event) => setZone(event.target.value)}>
            {zoneChoices("UTC").map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="report-range" label="Range">
        {(props) => (
          <select {...props} value={range} onChange={(event) => setRange(event.target.value)}>
            {RANGES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
            <option value="CUSTOM">From a day to another</option>
          </select>
        )}
      </Field>
      {range === "CUSTOM" ? (
        <>
          <Field id="report-from" label="From (midnight)" error={error}>
            {(props) => <input {...props} type="date" value={from} onChange={(event) => setFrom(event.target.value)} />}
          </Field>
          <Field id="report-to" label="To (midnight, not included)">
            {(props) => <input {...props} type="date" value={to} onChange={(event) => setTo(event.target.value)} />}
          </Field>
        </>
      ) : null}
      <Field id="report-tags" label="Tags" hint="Comma-separated: checks with any of them; empty for all checks">
        {(props) => <input {...props} value={tags} onChange={(event) => setTags(event.target.value)} />}
      </Field>
      <div className="actions">
        <button type="submit" className="primary">
          Show the report
        </button>
      </div>
    </form>
  );
}
