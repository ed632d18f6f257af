import type { PageData, ShownIncident } from "../../domain/status-pages/public/index.js";
import { html } from "../html.js";
import type { Links } from "./links.js";

/** One feed item per incident update, newest first: the update's status and text under its incident's name. */
function items(incidents: readonly ShownIncident[]) {
  return incidents
    .flatMap((incident) => incident.updates.map((update) => ({ incident, update })))
    .sort((a, b) => b.update.publicIncidentUpdateDate.getTime() - a.update.publicIncidentUpdateDate.getTime());
}

/**
 * XML 1.0 allows no control character but tab and line breaks, nor U+FFFE/U+FFFF or a lone
 * surrogate: one in an incident's text would make the whole feed invalid, so they are dropped.
 */
const allowedInXml = (c: string) => {
  const n = c.codePointAt(0)!;
  if (n < 0x20) return n === 0x09 || n === 0x0a || n === 0x0d;
  return !(n >= 0xd800 && n <= 0xdfff) && n !== 0xfffe && n !== 0xffff; // a lone surrogate is one "character" here
};
const xmlSafe = (text: string) => [...text].filter(allowedInXml).join("");

const title = (incident: ShownIncident, status: string) =>
  `${incident.name}: ${status.charAt(0)}${status.slice(1).toLowerCase()}`;

export function rssFeed(page: PageData["page"], incidents: readonly ShownIncident[], links: Links): string {
  const entries = items(incidents);
  const updated = entries[0]?.update.publicIncidentUpdateDate ?? page.updatedAt;
  return xmlSafe(
    html`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${page.name} status</title>
<link>${links.absolute(links.home)}</link>
<description>${page.description ?? `Incidents of ${page.name}`}</description>
<atom:link href="${links.absolute(links.rss)}" rel="self" type="application/rss+xml"/>
<lastBuildDate>${updated.toUTCString()}</lastBuildDate>
${entries.map(
  ({ incident, update }) => html`<item>
<title>${title(incident, update.status)}</title>
<link>${links.absolute(links.incident(incident.id))}</link>
<guid isPermaLink="false">${update.id}</guid>
<pubDate>${update.publicIncidentUpdateDate.toUTCString()}</pubDate>
<description>${update.description}</description>
</item>
`,
)}</channel>
</rss>
`.value,
  );
}

export function atomFeed(page: PageData["page"], incidents: readonly ShownIncident[], links: Links): string {
  const entries = items(incidents);
  const updated = entries[0]?.update.publicIncidentUpdateDate ?? page.updatedAt;
  return xmlSafe(
    html`<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>urn:uuid:${page.id}</id>
<title>${page.name} status</title>
<link rel="alternate" type="text/html" href="${links.absolute(links.home)}"/>
<link rel="self" type="application/atom+xml" href="${links.absolute(links.atom)}"/>
<updated>${updated.toISOString()}</updated>
<author><name>${page.name}</name></author>
${entries.map(
  ({ incident, update }) => html`<entry>
<id>urn:uuid:${update.id}</id>
<title>${title(incident, update.status)}</title>
<link rel="alternate" type="text/html" href="${links.absolute(links.incident(incident.id))}"/>
<updated>${update.updatedAt.toISOString()}</updated>
<published>${update.publicIncidentUpdateDate.toISOString()}</published>
<content type="text">${update.description}</content>
</entry>
`,
)}</feed>
`.value,
  );
}
