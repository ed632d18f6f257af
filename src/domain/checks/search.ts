// The columns the checks list filters in SQL (list.ts, page.ts), derived from the shown fields on
// every write (save.ts): `searchName` and `searchUrl` in search form (the filters match without
// case on both SQLite and PostgreSQL) and one CheckTag row per tag.
import { searchForm } from "../shared/search-form.js";

export { searchForm };

export type SearchColumns = { searchName: string; searchUrl: string | null };

type Source = { name: string; checkType: string; request: unknown; tags: unknown };

export function searchColumns(check: Source): SearchColumns {
  const url = (check.request as { url?: unknown } | null)?.url;
  return {
    searchName: searchForm(check.name),
    searchUrl: check.checkType === "API" && typeof url === "string" ? searchForm(url) : null,
  };
}

export function tagRows(check: Source & { id: string; accountId: string }) {
  const tags = Array.isArray(check.tags) ? check.tags.filter((tag): tag is string => typeof tag === "string") : [];
  return [...new Set(tags)].map((tag) => ({ checkId: check.id, accountId: check.accountId, tag }));
}

/** Whether an update's data may change the search columns or the tag rows. */
export function touchesSearch(update: Record<string, unknown>): boolean {
  return ["name", "checkType", "request", "tags"].some((field) => field in update);
}
