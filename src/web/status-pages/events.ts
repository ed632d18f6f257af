import type { ServerResponse } from "node:http";
import type { SystemContext } from "../../domain/shared/context.js";
import {
  indicatorOf,
  pageIncident,
  stateDescription,
  type ShownIncident,
  type State,
  type VisitedPageRow,
} from "../../domain/status-pages/public/index.js";
import { listPageMaintenance, type WindowOnPage } from "../../domain/maintenance-windows/on-status-page.js";
import type { EventBus, VigilEvent } from "../../events/bus.js";
import { SerialQueue, tooFarBehind } from "../../platform/fan-out.js";
import type { Recheck } from "../private-access.js";
import type { Links } from "./links.js";
import { incidentArticle } from "./parts.js";

export const HEARTBEAT_MS = 25_000;
/** Sent when events may have been missed: the live script reloads the page (after a random pause, not all visitors at once). */
export const RESYNC_MESSAGE = `event: resync\ndata: ${JSON.stringify({ reason: "events may have been missed: read the page again" })}\n\n`;

/** The JSON of an incident as the page shows it (with its updates), plus its markup for the live script. */
export function incidentMessage(incident: ShownIncident, links: Links) {
  return {
    id: incident.id,
    name: incident.name,
    severity: incident.severity,
    lastUpdateStatus: incident.lastUpdateStatus,
    open: incident.open,
    duration: incident.duration,
    createdAt: incident.createdAt,
    updatedAt: incident.updatedAt,
    services: incident.services.map((service) => ({ id: service.id, name: service.name })),
    updates: incident.updates.map((update) => ({
      id: update.id,
      status: update.status,
      description: update.description,
      publicIncidentUpdateDate: update.publicIncidentUpdateDate,
      createdAt: update.createdAt,
      updatedAt: update.updatedAt,
    })),
    html: incidentArticle(incident, links).value,
  };
}

/** The JSON of a maintenance occurrence as the page shows it (with its updates, newest first). */
export function maintenanceMessage(shown: WindowOnPage | undefined, maintenanceId: string, windowId: number) {
  if (!shown) return { id: maintenanceId, maintenanceWindowId: windowId, removed: true };
  return {
    id: maintenanceId,
    maintenanceWindowId: windowId,
    name: shown.name,
    description: shown.description,
    state: shown.state,
    startsAt: shown.startsAt,
    endsAt: shown.endsAt,
    updates: shown.updates.map((u) => ({
      id: u.id,
      status: u.status,
      description: u.description,
      createdAt: u.createdAt,
      updatedAt: u.updatedAt,
    })),
  };
}

/** `recheck`: whether the visitor's key or cookie still opens the page (null: none is known). */
type Stream = { response: ServerResponse; links: Links; recheck: Recheck | null };

/**
 * The visitors' event streams, grouped by page: one bus subscription for all of them, and one
 * load of a changed incident per page whatever the number of visitors (src/platform/fan-out.ts).
 * Events are handled in the order they came, one at a time; when too many wait, every visitor
 * is told to read the page again. A visitor's connection that holds too much unsent is closed
 * (its browser reconnects), never buffered without bound.
 */
export class PageStreams {
  private readonly streams = new Map<string, { page: VisitedPageRow; open: Set<Stream> }>();
  private readonly events = new SerialQueue<VigilEvent>({
    // An event that fails to load (a page deleted meanwhile) is skipped; the next ones go on.
    handle: (event) => this.onEvent(event).catch(() => undefined),
    onOverflow: () => this.write(() => RESYNC_MESSAGE),
    onError: () => undefined,
  });
  private readonly unsubscribe: () => void;
  private readonly stopResume: () => void;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly ctx: SystemContext,
    events: EventBus,
    private readonly currentPage: (page: VisitedPageRow) => Promise<VisitedPageRow | null>,
    /** The page's overall state now (from the page cache, which the same event emptied first). */
    private readonly pageState: (page: VisitedPageRow) => Promise<State>,
  ) {
    this.unsubscribe = events.subscribe((event) => {
      if (this.streams.size > 0) this.events.push(event);
    });
    // Events of other instances were missed while the shared bus was away: the visitors' pages read everything again.
    this.stopResume = events.onResume(() => this.write(() => RESYNC_MESSAGE));
    this.heartbeat = setInterval(() => this.write(() => ": heartbeat\n\n"), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  add(page: VisitedPageRow, response: ServerResponse, links: Links, recheck: Recheck | null = null): void {
    const group = this.streams.get(page.id) ?? { page, open: new Set<Stream>() };
    this.streams.set(page.id, group);
    const stream = { response, links, recheck };
    group.open.add(stream);
    response.on("close", () => {
      group.open.delete(stream);
      if (!group.open.size && this.streams.get(page.id) === group) this.streams.delete(page.id);
    });
  }

  close(): void {
    this.unsubscribe();
    this.events.clear();
    this.stopResume();
    clearInterval(this.heartbeat);
    for (const group of this.streams.values()) for (const stream of group.open) stream.response.end();
    this.streams.clear();
  }

  private async onEvent(event: VigilEvent): Promise<void> {
    if (event.type === "statusPageChanged") {
      for (const id of event.statusPageIds) await this.refresh(id);
      return;
    }
    if (event.type === "maintenanceChanged") {
      for (const pageId of event.statusPageIds) await this.sendMaintenance(pageId, event.maintenanceId, event.windowId);
      return;
    }
    if (event.type !== "incidentChanged" && event.type !== "incidentUpdateAdded") return;
    for (const pageId of event.statusPageIds) {
      const group = this.streams.get(pageId);
      if (!group) continue;
      const incident = await pageIncident({ ctx: this.ctx, page: group.page, id: event.incidentId });
      // Then the banner: `event: state` with the page's overall state after the write.
      const state = await this.pageState(group.page);
      const banner = JSON.stringify({
        state: state ?? "none",
        indicator: indicatorOf(state),
        description: stateDescription(state),
      });
      for (const stream of group.open) {
        const data = incident ? incidentMessage(incident, stream.links) : { id: event.incidentId, removed: true };
        send(stream, `event: incident\ndata: ${JSON.stringify(data)}\n\nevent: state\ndata: ${banner}\n\n`);
      }
    }
  }

  /** `event: maintenance`: the occurrence as the page shows it with its updates, or `removed` when it left the page. */
  private async sendMaintenance(pageId: string, maintenanceId: string, windowId: number): Promise<void> {
    const group = this.streams.get(pageId);
    if (!group) return;
    const shown = await listPageMaintenance({ ctx: this.ctx, statusPageId: pageId, now: this.ctx.now() });
    const data = maintenanceMessage(
      shown.find((m) => m.maintenanceId === maintenanceId),
      maintenanceId,
      windowId,
    );
    for (const stream of group.open) send(stream, `event: maintenance\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /**
   * A page written (its cards, its privacy, its keys) is read again. A page gone ends its streams;
   * a private page keeps those whose key or cookie still opens it (not revoked, not expired).
   */
  private async refresh(pageId: string): Promise<void> {
    const group = this.streams.get(pageId);
    if (!group) return;
    const page = await this.currentPage(group.page);
    if (page) group.page = page;
    // One check per credential, however many streams (tabs) share it.
    const opens = new Map<string, Promise<boolean>>();
    const stillOpens = (recheck: Recheck | null) => {
      if (!page || !recheck?.credential) return Promise.resolve(false);
      if (!opens.has(recheck.credential)) opens.set(recheck.credential, recheck.opens(page));
      return opens.get(recheck.credential)!;
    };
    for (const stream of [...group.open])
      if (!page || (page.isPrivate && !(await stillOpens(stream.recheck)))) stream.response.end();
  }

  private write(message: () => string): void {
    for (const group of this.streams.values()) for (const stream of [...group.open]) send(stream, message());
  }
}

/** Writes to a visitor's stream, or closes it when it holds too much unsent (its `close` handler forgets it). */
function send(stream: Stream, text: string): void {
  if (tooFarBehind(stream.response)) stream.response.destroy();
  else stream.response.write(text);
}
