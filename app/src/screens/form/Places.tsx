import { ListError } from "./ListError";

/** A public location as the app names it ("eu-west-1"). */
const placeName = (location: string) => location.toLowerCase().replace(/_/g, "-");
/** The public locations checks and groups may run from, each with its name. */
export const PUBLIC_PLACES = [
  "EU_WEST_1",
  "EU_CENTRAL_1",
  "EU_NORTH_1",
  "US_EAST_1",
  "US_WEST_2",
  "AP_SOUTHEAST_1",
  "SA_EAST_1",
].map((value) => ({ value, name: placeName(value) }));
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
