import type { PageData, ShownIncident } from "../../domain/status-pages/public/index.js";
import { stateDescription } from "../../domain/status-pages/public/index.js";
import { subscribeFormHtml } from "../status-subscriptions-form.js";
import { html, type Html } from "../html.js";
import { layout, type Rendered } from "./layout.js";
import type { Links } from "./links.js";
import { incidentArticle, maintenanceSection, serviceCard, stateClass } from "./parts.js";

function incidentList(
  id: string,
  label: string,
  incidents: readonly ShownIncident[],
  links: Links,
  empty: Html | null,
) {
  return html`<section aria-labelledby="${id}"><h2 id="${id}">${label}</h2>
<div id="${id}-list">${incidents.length ? incidents.map((incident) => incidentArticle(incident, links)) : empty}</div>
</section>`;
}

/**
 * The page: overall state, open incidents, maintenance, cards with 90-day bars, recent history,
 * and the subscribe form (a plain form post to the page's subscribe route: no script; its markup
 * escapes every value itself).
 */
export function statusPageHtml(data: PageData, links: Links): Rendered {
  const names = new Map(data.cards.flatMap((card) => card.services.map((s) => [s.id, s.name] as const)));
  const main = html`<p class="banner ${stateClass(data.state)}" role="status" id="overall">${stateDescription(data.state)}</p>
${incidentList("open-incidents", "Open incidents", data.openIncidents, links, html`<p class="muted" id="no-open">No open incidents.</p>`)}
${maintenanceSection(data.maintenance, names)}
<section aria-labelledby="services"><h2 id="services">Services</h2>
${data.cards.map((card) => serviceCard(card))}
</section>
${incidentList("recent-incidents", "Recently resolved", data.recentIncidents, links, html`<p class="muted">No incidents in the last 90 days.</p>`)}
${subscribeFormHtml(data.page)}
<p><a class="button" href="${links.history()}">Incident history</a></p>`;
  return layout({ page: data.page, links, title: `${data.page.name} status`, main, live: true });
}

export function incidentPageHtml(page: PageData["page"], incident: ShownIncident, links: Links): Rendered {
  const main = html`${incidentArticle(incident, links, "h2")}
<p><a href="${links.home}">Back to current status</a></p>`;
  return layout({ page, links, title: `${incident.name} · ${page.name}`, main, live: true });
}

export function historyPageHtml(
  page: PageData["page"],
  history: { incidents: ShownIncident[]; hasNext: boolean; number: number },
  links: Links,
): Rendered {
  const { incidents, hasNext, number } = history;
  const main = html`<section aria-labelledby="history"><h2 id="history">Incident history${number > 1 ? html`, page ${number}` : null}</h2>
${incidents.length ? incidents.map((incident) => incidentArticle(incident, links)) : html`<p class="muted">No resolved incidents.</p>`}
</section>
<nav aria-label="History pages">${number > 1 ? html`<a rel="prev" href="${links.history(number - 1)}">Newer incidents</a>` : null}${hasNext ? html`<a rel="next" href="${links.history(number + 1)}">Older incidents</a>` : null}</nav>`;
  return layout({ page, links, title: `History · ${page.name}`, main });
}

/** A bare document for what is not a page (no theme of any page: nothing of it leaks). */
function plain(title: string, message: string): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body><main><h1>${title}</h1><p>${message}</p></main></body></html>
`.value;
}

export const notFoundHtml = (what = "This status page does not exist.") => plain("Not found", what);
export const badRequestHtml = (message: string) => plain("Bad request", message);
