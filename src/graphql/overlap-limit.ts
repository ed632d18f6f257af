import { type DocumentNode, GraphQLError, Kind, type SelectionSetNode } from "graphql";

/**
 * graphql-js's OverlappingFieldsCanBeMergedRule compares, in each selection set, every pair of
 * fields that share a response name and every pair of fragment spreads, each pair down through its
 * sub-selections: 200 copies of `viewer { account { id } }` are 19,900 pairs and about 100 ms of
 * blocked event loop, for a 5 KB document any client may send. This counts those pairs, linearly and
 * before validation, and refuses a document with more than `MAX_OVERLAP_PAIRS`. Ordinary documents
 * have a handful (the same field under a few inline fragments, a few fragments side by side).
 */
export const MAX_OVERLAP_PAIRS = 5_000;

type Count = { pairs: number; worst: string; worstCount: number };

function countSet(set: SelectionSetNode, total: Count): void {
  const byName = new Map<string, number>();
  let spreads = 0;
  const collect = (current: SelectionSetNode) => {
    for (const selection of current.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.alias?.value ?? selection.name.value;
        byName.set(name, (byName.get(name) ?? 0) + 1);
        if (selection.selectionSet) countSet(selection.selectionSet, total);
      } else if (selection.kind === Kind.INLINE_FRAGMENT)
        collect(selection.selectionSet); // merged into this set
      else spreads++;
    }
  };
  collect(set);
  for (const [name, n] of [...byName, ["fragment spreads", spreads] as const]) {
    total.pairs += (n * (n - 1)) / 2;
    if (n > total.worstCount) Object.assign(total, { worst: name, worstCount: n });
  }
}

/** The refusal of a document with too many pairs to compare, or null. Nesting is bounded before (document-limits.ts). */
export function overlapRefusal(document: DocumentNode, limit = MAX_OVERLAP_PAIRS): GraphQLError | null {
  const total: Count = { pairs: 0, worst: "", worstCount: 0 };
  for (const definition of document.definitions)
    if (definition.kind === Kind.OPERATION_DEFINITION || definition.kind === Kind.FRAGMENT_DEFINITION)
      countSet(definition.selectionSet, total);
  if (total.pairs <= limit) return null;
  return new GraphQLError(
    `query repeats fields or fragment spreads too often: ${total.pairs} pairs to compare, at most ${limit} ` +
      `('${total.worst}' ${total.worstCount} times in one selection set)`,
    { extensions: { code: "TOO_MANY_OVERLAPPING_FIELDS" } },
  );
}
