import { ASSERTION_COMPARISONS, ASSERTION_SOURCES } from "../../../../src/domain/shared/assertion-kinds";
import { ListError } from "./ListError";
import type { AssertionRow } from "./rows";

export type { AssertionRow } from "./rows";

const words = (value: string) => value.charAt(0) + value.slice(1).toLowerCase().replace(/_/g, " ");

/**
 * Rows of source, property (a JSON path, a header name), comparison and target, each control
 * labelled with its row's number; the API's error on any of them shows under the list.
 */
export function AssertionList({
  id,
  rows,
  onChange,
  error,
  sources = ASSERTION_SOURCES,
  comparisons = ASSERTION_COMPARISONS,
}: {
  id: string;
  rows: AssertionRow[];
  onChange: (rows: AssertionRow[]) => void;
  error?: string;
  /** What the check type's assertions take (an API check's, a group's API defaults', by default). */
  sources?: readonly string[];
  comparisons?: readonly string[];
}) {
  const set = (index: number, change: Partial<AssertionRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const select = (index: number, key: "source" | "comparison", options: readonly string[]) => (
    <label>
      Assertion {index + 1} {key}
      <select value={rows[index]?.[key]} onChange={(event) => set(index, { [key]: event.target.value })}>
        {options.map((option) => (
          <option key={option} value={option}>
            {words(option)}
          </option>
        ))}
      </select>
    </label>
  );
  const text = (index: number, key: "property" | "target") => (
    <label>
      Assertion {index + 1} {key}
      <input
        value={rows[index]?.[key]}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => set(index, { [key]: event.target.value })}
      />
    </label>
  );
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} data-testid={id}>
      <legend>Assertions</legend>
      {rows.length === 0 ? <p className="muted">None.</p> : null}
      {rows.map((_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place while edited
        <div className="actions" key={index}>
          {select(index, "source", sources)}
          {text(index, "property")}
          {select(index, "comparison", comparisons)}
          {text(index, "target")}
          <button type="button" onClick={() => onChange(rows.filter((__, i) => i !== index))}>
            Remove assertion {index + 1}
          </button>
        </div>
      ))}
      <button
        type="button"
        onClick={() =>
          onChange([...rows, { source: sources[0] ?? "", property: "", comparison: "EQUALS", target: "", regex: null }])
        }
      >
        Add assertion
      </button>
      <ListError id={id} error={error} />
    </fieldset>
  );
}
