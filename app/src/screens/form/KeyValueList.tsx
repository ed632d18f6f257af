import { ListError } from "./ListError";
import type { Pair } from "./rows";

export { type Pair, pairsInput } from "./rows";

/**
 * Rows of name, value and, where `lock` names it, a checkbox that makes the value write-only
 * (a webhook's locked header, a secret variable: left empty on an edit, the stored value stays).
 * Every control is labelled per row, so a screen reader and the keyboard reach each one.
 */
export function KeyValueList({
  id,
  legend,
  noun,
  pairs,
  onChange,
  error,
  lock = "write-only",
}: {
  id: string;
  legend: string;
  noun: string;
  pairs: Pair[];
  onChange: (pairs: Pair[]) => void;
  error?: string;
  /** The checkbox's word ("write-only", "secret"); null: no checkbox, the rows' flag kept as read. */
  lock?: string | null;
}) {
  const set = (index: number, change: Partial<Pair>) =>
    onChange(pairs.map((pair, i) => (i === index ? { ...pair, ...change } : pair)));
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} data-testid={id}>
      <legend>{legend}</legend>
      {pairs.length === 0 ? <p className="muted">None.</p> : null}
      {pairs.map((pair, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place while edited
        <div className="actions" key={index}>
          <label>
            {noun} {index + 1} name
            <input
              value={pair.key}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => set(index, { key: event.target.value })}
            />
          </label>
          <label>
            {noun} {index + 1} value
            <input
              type={pair.locked && lock ? "password" : "text"}
              value={pair.value}
              autoComplete="off"
              placeholder={pair.locked && lock ? "unchanged" : undefined}
              onChange={(event) => set(index, { value: event.target.value })}
            />
          </label>
          {lock ? (
            <label className="inline">
              <input
                type="checkbox"
                checked={pair.locked}
                onChange={(event) => set(index, { locked: event.target.checked })}
              />{" "}
              {noun} {index + 1} {lock}
            </label>
          ) : null}
          <button type="button" onClick={() => onChange(pairs.filter((_, i) => i !== index))}>
            Remove {noun.toLowerCase()} {index + 1}
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...pairs, { key: "", value: "", locked: false }])}>
        Add {noun.toLowerCase()}
      </button>
      <ListError id={id} error={error} />
    </fieldset>
  );
}
