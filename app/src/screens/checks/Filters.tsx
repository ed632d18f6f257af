import { useEffect, useState } from "react";
import { setSearch } from "../../router/router";
import { SearchSelect } from "../../ui/SearchSelect";

const LOCATIONS = [
  "eu-west-1",
  "eu-west-2",
  "eu-central-1",
  "eu-north-1",
  "us-east-1",
  "us-east-2",
  "us-west-1",
].concat([
  "us-west-2",
  "ca-central-1",
  "sa-east-1",
  "ap-southeast-1",
  "ap-southeast-2",
  "ap-northeast-1",
  "ap-south-1",
]);

export const CHECK_TYPES = ["API", "URL", "TCP", "DNS", "ICMP", "SSL", "HEARTBEAT", "BROWSER", "MULTI_STEP"] as const;

/** The list's search, filters and sort; every change goes into the URL (shareable, back-button safe). */
export function Filters({
  search,
  groups,
}: {
  search: URLSearchParams;
  groups: readonly { readonly id: string; readonly name: string }[];
}) {
  const [text, setText] = useState(search.get("q") ?? "");
  const [tag, setTag] = useState(search.get("tag") ?? "");
  const [location, setLocation] = useState(search.get("location") ?? "");
  // Typing waits for a pause before it asks the server.
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((search.get("q") ?? "") !== text) setSearch({ q: text });
    }, 300);
    return () => clearTimeout(timer);
  }, [text, search]);
  const select = (key: string, label: string, options: [string, string][]) => (
    <SearchSelect search={search} name={key} label={label} options={options} />
  );
  return (
    <search className="filters" aria-label="Filter checks">
      <label>
        Search
        <input type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="Name" />
      </label>
      {select("status", "State", [
        ["", "Any state"],
        ["FAILING", "Failing"],
        ["DEGRADED", "Degraded"],
        ["PASSING", "Passing"],
      ])}
      {select("activated", "Running", [
        ["", "Running or paused"],
        ["true", "Running"],
        ["false", "Paused"],
      ])}
      {select("type", "Type", [["", "Any type"], ...CHECK_TYPES.map((type): [string, string] => [type, type])])}
      {select("group", "Group", [
        ["", "Any group"],
        ...groups.map((group): [string, string] => [group.id, group.name]),
      ])}
      <label>
        Tag
        <input
          value={tag}
          onChange={(event) => setTag(event.target.value)}
          onBlur={() => setSearch({ tag: tag.trim() })}
          onKeyDown={(event) => {
            if (event.key === "Enter") setSearch({ tag: tag.trim() });
          }}
        />
      </label>
      <label>
        Location
        <input
          list="locations"
          value={location}
          placeholder="eu-west-1 or a private slug"
          onChange={(event) => setLocation(event.target.value)}
          onBlur={() => setSearch({ location: location.trim() })}
          onKeyDown={(event) => {
            if (event.key === "Enter") setSearch({ location: location.trim() });
          }}
        />
        <datalist id="locations">
          {LOCATIONS.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </label>
      {select("sort", "Sort", [
        ["", "Failing first"],
        ["newest", "Newest first"],
      ])}
    </search>
  );
}
