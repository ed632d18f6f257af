import { setSearch } from "../router/router";

/** A list filter kept in the URL's `name` parameter: choosing "" removes it. */
export function SearchSelect({
  search,
  name,
  label,
  options,
}: {
  search: URLSearchParams;
  name: string;
  label: string;
  options: [value: string, text: string][];
}) {
  return (
    <label>
      {label}
      <select value={search.get(name) ?? ""} onChange={(event) => setSearch({ [name]: event.target.value })}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
