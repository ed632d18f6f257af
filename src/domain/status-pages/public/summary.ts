import type { PageData, ShownIncident } from "./data.js";
import type { State } from "./state.js";

/**
 * summary.json in the shape of Atlassian Statuspage's public summary (what status aggregators
 * read, docs/decisions.md): the page, its overall status, its services as components, its
 * unresolved incidents with their updates, and its upcoming and ongoing maintenance.
 */
const INDICATOR = { MINOR: "minor", MEDIUM: "minor", MAJOR: "major", CRITICAL: "critical" } as const;
const DESCRIPTION = {
  none: "All Systems Operational",
  minor: "Minor Service Outage",
  major: "Partial System Outage",
  critical: "Major System Outage",
} as const;
const COMPONENT_STATUS = {
  MINOR: "degraded_performance",
  MEDIUM: "partial_outage",
  MAJOR: "major_outage",
  CRITICAL: "major_outage",
} as const;

export function indicatorOf(state: State) {
  return state ? INDICATOR[state] : "none";
}

export function componentStatusOf(state: State) {
  return state ? COMPONENT_STATUS[state] : "operational";
}

export function stateDescription(state: State): string {
  return DESCRIPTION[indicatorOf(state)];
}

const iso = (date: Date) => date.toISOString();

function incidentSummary(incident: ShownIncident, pageId: string, link: string) {
  const oldestFirst = [...incident.updates].reverse();
  const at = (status: string) => oldestFirst.find((update) => update.status === status)?.publicIncidentUpdateDate;
  return {
    id: incident.id,
    name: incident.name,
    status: incident.lastUpdateStatus.toLowerCase(),
    impact: INDICATOR[incident.severity as keyof typeof INDICATOR] ?? "none",
    created_at: iso(incident.createdAt),
    updated_at: iso(incident.updatedAt),
    started_at: iso(oldestFirst[0]?.publicIncidentUpdateDate ?? incident.createdAt),
    monitoring_at: at("MONITORING") ? iso(at("MONITORING")!) : null,
    resolved_at: incident.open ? null : iso(incident.updates[0]!.publicIncidentUpdateDate),
    shortlink: link,
    page_id: pageId,
    incident_updates: incident.updates.map((update) => ({
      id: update.id,
      incident_id: incident.id,
      status: update.status.toLowerCase(),
      body: update.description,
      created_at: iso(update.createdAt),
      updated_at: iso(update.updatedAt),
      display_at: iso(update.publicIncidentUpdateDate),
    })),
    components: incident.services.map((service) => ({ id: service.id, name: service.name })),
  };
}

/** `pageUrl`: the page's address for visitors; `incidentUrl` the address of one of its incidents. */
export function toSummary(data: PageData, pageUrl: string, incidentUrl: (id: string) => string) {
  const { page } = data;
  const seen = new Set<string>();
  const services = data.cards.flatMap((card) => card.services).filter((s) => !seen.has(s.id) && seen.add(s.id));
  const indicator = indicatorOf(data.state);
  return {
    page: { id: page.id, name: page.name, url: pageUrl, time_zone: "Etc/UTC", updated_at: iso(data.updatedAt) },
    status: { indicator, description: DESCRIPTION[indicator] },
    components: services.map((service, position) => ({
      id: service.id,
      name: service.name,
      status: componentStatusOf(service.state),
      created_at: iso(service.createdAt),
      updated_at: iso(service.updatedAt),
      position: position + 1,
      description: null,
      showcase: true,
      start_date: null,
      group_id: null,
      page_id: page.id,
      group: false,
      only_show_if_degraded: false,
    })),
    incidents: data.openIncidents.map((incident) => incidentSummary(incident, page.id, incidentUrl(incident.id))),
    scheduled_maintenances: data.maintenance.map((window) => ({
      id: window.id,
      name: window.name,
      status: window.state === "ongoing" ? "in_progress" : "scheduled",
      // Statuspage's impact of a maintenance: its severity when the window names one.
      impact: window.severity ? INDICATOR[window.severity] : "maintenance",
      scheduled_for: iso(window.startsAt),
      scheduled_until: iso(window.endsAt),
      started_at: window.state === "ongoing" ? iso(window.startsAt) : null,
      monitoring_at: null,
      resolved_at: null,
      shortlink: pageUrl,
      page_id: page.id,
      // Its posted updates, newest first, then its description as the body of the first one.
      incident_updates: [
        ...window.updates.map((update) => ({
          id: update.id,
          incident_id: window.id,
          status: update.status.toLowerCase(),
          body: update.description,
          display_at: iso(update.createdAt),
        })),
        ...(window.description
          ? [
              {
                id: `${window.id}-${window.startsAt.getTime()}`,
                incident_id: window.id,
                status: window.state === "ongoing" ? "in_progress" : "scheduled",
                body: window.description,
                display_at: iso(window.startsAt),
              },
            ]
          : []),
      ],
      components:
        window.serviceIds === "all"
          ? services.map((service) => ({ id: service.id, name: service.name }))
          : services
              .filter((service) => (window.serviceIds as string[]).includes(service.id))
              .map((service) => ({ id: service.id, name: service.name })),
    })),
  };
}
