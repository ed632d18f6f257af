/**
 * A badge's URL: `subject` is "checks/<uuid>" (GET /v1/badges/checks/{id}: no key, the check's id
 * is the credential) or "groups/<id>" (labelled "status", never the group's name).
 */
export function badgeUrl(
  origin: string,
  subject: string,
  options: { style: string; theme: string; responseTime: boolean },
) {
  const query = new URLSearchParams();
  if (options.style !== "flat") query.set("style", options.style);
  if (options.theme !== "default") query.set("theme", options.theme);
  if (options.responseTime) query.set("responseTime", "true");
  const tail = query.size ? `?${query}` : "";
  const [kind, id = ""] = subject.split("/");
  return `${origin}/v1/badges/${kind === "groups" ? "groups" : "checks"}/${encodeURIComponent(id)}${tail}`;
}

/** Markdown's image, its alt text escaped (a check's name may hold brackets). */
export const badgeMarkdown = (name: string, url: string) => `![${name.replace(/([\\[\]])/g, "\\$1")} status](${url})`;
