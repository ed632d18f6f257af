// List rows as the forms hold them (no JSX here: the API's integration tests build inputs with them).

/** A header, query parameter or variable as a form holds it; a locked one's value is write-only. */
export type Pair = { key: string; value: string; locked: boolean };

/**
 * Rows as the API takes them, empty ones left out. A write-only row left empty sends null: the API
 * keeps its stored value (it never shows it, so the form cannot send it back).
 */
export function pairsInput(list: readonly Pair[], writeOnly = true) {
  return list
    .filter((pair) => pair.key.trim() || pair.value)
    .map((pair) => ({
      key: pair.key.trim(),
      value: writeOnly && pair.locked && !pair.value ? null : pair.value,
      locked: pair.locked,
    }));
}

/** An API assertion as a form holds it; the regex, which no field shows, is kept as read. */
export type AssertionRow = {
  source: string;
  property: string;
  comparison: string;
  target: string;
  regex: string | null;
};
