import type { ReactNode } from "react";

export type SearchOption = { value: string; label: string };

/**
 * One choice among many found on the server as the person types: a search box, the matches as
 * radio buttons (Tab enters them, arrows move, as any radio group), a button for more matches,
 * and the count announced. The caller searches and pages (useServerSearch).
 */
export function SearchPicker({
  id,
  label,
  legend,
  text,
  onText,
  options,
  chosen,
  onChoose,
  more,
  busy,
  noun,
}: {
  id: string;
  label: string;
  legend: string;
  text: string;
  onText: (text: string) => void;
  options: SearchOption[];
  chosen: string;
  onChoose: (option: SearchOption) => void;
  /** Loads the next page of matches; null when there is none. */
  more: (() => void) | null;
  busy: boolean;
  /** Plural, for the button and an empty list ("checks"). */
  noun: string;
}): ReactNode {
  const count = `${options.length}${more ? "+" : ""} found`;
  return (
    <div className="search-picker">
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="search"
          autoComplete="off"
          value={text}
          aria-describedby={`${id}-count`}
          onChange={(event) => onText(event.target.value)}
          // Enter searches (it does already, as the person types): it does not submit the form.
          onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}
        />
        <small id={`${id}-count`} className="muted" role="status" data-testid={`${id}-count`}>
          {busy ? "Searching…" : count}
        </small>
      </div>
      <fieldset>
        <legend>{legend}</legend>
        {options.length === 0 && !busy ? <p className="muted">No {noun} match.</p> : null}
        {options.map((option) => (
          <label key={option.value} className="inline">
            <input
              type="radio"
              name={id}
              value={option.value}
              checked={chosen === option.value}
              onChange={() => onChoose(option)}
            />{" "}
            {option.label}
          </label>
        ))}
        {more ? (
          <button type="button" onClick={more} disabled={busy}>
            More {noun}
          </button>
        ) : null}
      </fieldset>
    </div>
  );
}
