const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * The one HTML escape: text becomes safe in element content and in quoted attribute values (both
 * quote characters are escaped). Status pages, emails, Telegram's HTML mode and the API docs page
 * all use it.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
