import { ListError } from "./ListError";

/** A public location as the app names it ("eu-west-1"). */
export const placeName = (location: string) => location.toLowerCase().replace(/_/g, "-");
const toggle = (list: string[], item: string, on: boolean) => (on ? [...list, item] : list.filter((i) => i !== item));

/** One checkbox per place, the API's error on the list under it. */
export function Places({
  id,
  legend,
  places,
  chosen,
  onChange,
  error,
}: {
  id: string;
  legend: string;
  places: { value: string; name: string }[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {places.length === 0 ? <p className="muted">None in the account yet (Private locations).</p> : null}
      {places.map(({ value, name }) => (
        <label key={value} className="inline">
          <input
            type="checkbox"
            checked={chosen.includes(value)}
            onChange={(event) => onChange(toggle(chosen, value, event.target.checked))}
          />{" "}
          {name}
        </label>
      ))}
      <ListError id={id} error={error} />
    </fieldset>
  );
}
