/**
 * Trigger targets (reference document, matchTags): the outer array is an OR of groups, each group
 * an AND of tags; `!tag` asks for checks without that tag.
 */
export function matchesTags(tags: readonly string[], groups: readonly (readonly string[])[]): boolean {
  const own = new Set(tags);
  return groups.some((group) =>
    group.every((tag) => (tag.startsWith("!") ? !own.has(tag.slice(1).trim()) : own.has(tag))),
  );
}

/** Json list columns hold string arrays; anything else counts as empty. */
export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

type Place = { location: string | null; privateLocationId: string | null; name: string };

/**
 * Where a check runs: its data-center locations and private locations, else its group's. Private
 * locations are named by id or slug; one the account does not have is skipped.
 */
export function runPlaces(
  check: {
    locations: unknown;
    privateLocations: unknown;
    group: { locations: unknown; privateLocations: unknown } | null;
  },
  privateLocations: readonly { id: string; slugName: string }[],
): Place[] {
  const own = strings(check.locations).length + strings(check.privateLocations).length > 0;
  const source = own || !check.group ? check : check.group;
  const places: Place[] = [...new Set(strings(source.locations))].map((location) => ({
    location,
    privateLocationId: null,
    name: location,
  }));
  for (const ref of new Set(strings(source.privateLocations))) {
    const found = privateLocations.find((pl) => pl.id === ref || pl.slugName === ref);
    if (found && !places.some((p) => p.privateLocationId === found.id))
      places.push({ location: null, privateLocationId: found.id, name: found.slugName });
  }
  return places;
}
