// Text matched by part in SQL (`contains`): the checks list's name and URL, the groups' names.
// Both sides go through searchForm: the stored column, written with the text, and the searched part.

/**
 * Lower case, with LIKE's special characters (`%`, `_`, and PostgreSQL's escape `\\`) replaced by
 * control characters: Prisma's `contains` passes them to LIKE unescaped (and SQLite has no default
 * escape character), so both the stored column and the searched part go through this.
 */
export function searchForm(text: string): string {
  return text.toLowerCase().replace(/[%_\\]/g, (c) => (c === "%" ? "\u0001" : c === "_" ? "\u0002" : "\u0003"));
}
