import type { PageMaintenance, ShownIncident, ShownService, State } from "../../domain/status-pages/public/index.js";
import { escapeHtml, html, trusted, type Html } from "../html.js";
import type { Links } from "./links.js";

const STATE_LABEL = {
  none: "Operational",
  MINOR: "Degraded performance",
  MEDIUM: "Partial outage",
  MAJOR: "Major outage",
  CRITICAL: "Critical outage",
} as const;

export const stateClass = (state: State) => `s-${state ?? "none"}`;
export const stateLabel = (state: State) => STATE_LABEL[state ?? "none"];

const STATUS_LABEL: Record<string, string> = {
  INVESTIGATING: "Investigating",
  IDENTIFIED: "Identified",
  MONITORING: "Monitoring",
  RESOLVED: "Resolved",
};

function time(date: Date): Html {
  const iso = date.toISOString();
  return html`<time datetime="${iso}">${iso.slice(0, 16).replace("T", " ")} UTC</time>`;
}

/** One incident with its updates, newest first; `data-incident-id` lets the live script replace it in place. */
export function incidentArticle(incident: ShownIncident, links: Links, heading: "h2" | "h3" = "h3"): Html {
  const title = html`<a href="${links.incident(incident.id)}">${incident.name}</a>`;
  const tag = trusted(heading);
  return html`<article class="incident ${stateClass(incident.severity as State)}" data-incident-id="${incident.id}" data-open="${incident.open ? "true" : "false"}">
<${tag}>${title}</${tag}>
<p class="muted">${stateLabel(incident.severity as State)} · ${STATUS_LABEL[incident.lastUpdateStatus] ?? incident.lastUpdateStatus}${incident.services.length ? html` · Affects ${incident.services.map((s) => s.name).join(", ")}` : null}</p>
<ol class="updates">${incident.updates.map(
    (update) =>
      html`<li><strong>${STATUS_LABEL[update.status] ?? update.status}</strong> ${time(update.publicIncidentUpdateDate)}<p>${update.description}</p></li>`,
  )}</ol>
</article>`;
}

/**
 * 90 daily bars: each has its date and state as text (title for hover, visually hidden text for
 * screen readers). Built as one string (a page has 90 per service): every part is escaped. Narrow
 * screens show only the newest 60 or 30 (BASE_CSS), so the list's name states no count: the range
 * line under it does, per width.
 */
function bars(service: ShownService): Html {
  let items = "";
  for (const bar of service.bars) {
    const text = escapeHtml(`${bar.date}: ${stateLabel(bar.state)}`);
    items += `<li class="${escapeHtml(stateClass(bar.state))}" title="${text}" data-date="${escapeHtml(bar.date)}"><span class="vh">${text}</span></li>`;
  }
  return html`<ol class="bars" aria-label="${service.name}: daily states, oldest first">${trusted(items)}</ol>`;
}

/** "N days ago" for each width's number of bars (one shown at a time, by BASE_CSS's media queries). */
function since(days: number): Html {
  const counts = [days, Math.min(days, 60), Math.min(days, 30)];
  return html`<span>${counts.map((count, i) => html`<span class="since-${i}">${count} days ago</span>`)}</span>`;
}

export function serviceCard(card: { id: string; name: string; services: ShownService[] }): Html {
  return html`<section class="card" aria-labelledby="card-${card.id}">
<h3 id="card-${card.id}">${card.name}</h3>
${card.services.map(
  (service) => html`<div class="service" data-service-id="${service.id}">
<div class="head"><span>${service.name}</span><span class="state ${stateClass(service.state)}">${stateLabel(service.state)}</span></div>
${bars(service)}
<div class="range muted">${since(service.bars.length)}<span>${service.uptime.toFixed(2)}% uptime</span><span>Today</span></div>
</div>`,
)}
</section>`;
}

const MAINTENANCE_LABEL: Record<string, string> = {
  SCHEDULED: "Scheduled",
  IN_PROGRESS: "In progress",
  VERIFYING: "Verifying",
  COMPLETED: "Completed",
  CANCELLED: "Cancelled",
};

/** The posted updates of the occurrence shown, newest first (the live script replaces this list). */
function maintenanceUpdates(window: PageMaintenance): Html {
  return html`<ol class="updates" data-maintenance-updates="${window.maintenanceId ?? ""}">${window.updates.map(
    (update) =>
      html`<li><strong>${MAINTENANCE_LABEL[update.status] ?? update.status}</strong> ${time(update.createdAt)}<p>${update.description}</p></li>`,
  )}</ol>`;
}

/** Upcoming and ongoing maintenance, each with its time range, the services it affects and its updates. */
export function maintenanceSection(
  windows: readonly PageMaintenance[],
  serviceNames: ReadonlyMap<string, string>,
): Html | null {
  if (!windows.length) return null;
  return html`<section aria-labelledby="maintenance"><h2 id="maintenance">Scheduled maintenance</h2>
${windows.map((window) => {
  const affected =
    window.serviceIds === "all"
      ? "All services"
      : window.serviceIds.flatMap((id) => serviceNames.get(id) ?? []).join(", ") || "No listed services";
  return html`<article class="window" data-maintenance-id="${window.id}">
<h3>${window.name}</h3>
<p><strong>${window.state === "ongoing" ? "In progress" : "Upcoming"}</strong> · ${time(window.startsAt)} to ${time(window.endsAt)}</p>
${window.description ? html`<p>${window.description}</p>` : null}
<p class="muted">Affects: ${affected}</p>
${maintenanceUpdates(window)}
</article>`;
})}
</section>`;
}
