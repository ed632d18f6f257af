import { browserZone, isoToLocal, localToIso } from "./zones";

export type Repeat = "NONE" | "DAY" | "WEEK" | "MONTH";

/** The window form's values: wall times ("2027-03-28T09:00") are read in `timezone`. */
export type WindowValues = {
  name: string;
  description: string;
  timezone: string;
  startsAt: string;
  endsAt: string;
  repeat: Repeat;
  repeatInterval: string;
  repeatEndsAt: string;
  effect: "PAUSE" | "SILENCE";
  scope: "ALL" | "TAGS";
  tags: string;
  statusPageIds: string[];
  notifyOnStart: boolean;
  notifyOnEnd: boolean;
};

export function emptyWindow(): WindowValues {
  return {
    name: "",
    description: "",
    timezone: browserZone(),
    startsAt: "",
    endsAt: "",
    repeat: "NONE",
    repeatInterval: "1",
    repeatEndsAt: "",
    effect: "PAUSE",
    scope: "TAGS",
    tags: "",
    statusPageIds: [],
    notifyOnStart: false,
    notifyOnEnd: false,
  };
}

/** What the edit form starts from: a stored window (its times shown in its own zone). */
export type StoredWindow = {
  name: string;
  description?: string | null;
  timezone?: string | null;
  startsAt: string;
  endsAt: string;
  repeatUnit: string;
  repeatInterval?: number | null;
  repeatEndsAt?: string | null;
  tags: readonly string[];
  pauseAllChecks: boolean;
  silenceAlertsTags: readonly string[];
  silenceAllAlerts: boolean;
  statusPageVisibility?: {
    enabled: boolean;
    statusPageIds: readonly string[];
    notifyOnStart: boolean;
    notifyOnEnd: boolean;
    // Options the form does not show; an edit sends them back as stored.
    affectAllServices?: boolean;
    serviceIds?: readonly string[];
    severity?: string | null;
    reminderMinutesBefore?: readonly number[];
    autoStart?: boolean;
    autoEnd?: boolean;
    showAffectedServices?: boolean;
    suppressAutoIncidents?: boolean;
  } | null;
};

export function fromWindow(w: StoredWindow): WindowValues {
  const zone = w.timezone ?? "UTC";
  const silence = !w.tags.length && !w.pauseAllChecks && (w.silenceAllAlerts || w.silenceAlertsTags.length > 0);
  const visibility = w.statusPageVisibility;
  return {
    name: w.name,
    description: w.description ?? "",
    timezone: zone,
    startsAt: isoToLocal(w.startsAt, zone),
    endsAt: isoToLocal(w.endsAt, zone),
    repeat: w.repeatInterval == null ? "NONE" : (w.repeatUnit as Repeat),
    repeatInterval: String(w.repeatInterval ?? 1),
    repeatEndsAt: w.repeatEndsAt ? isoToLocal(w.repeatEndsAt, zone) : "",
    effect: silence ? "SILENCE" : "PAUSE",
    scope: (silence ? w.silenceAllAlerts : w.pauseAllChecks) ? "ALL" : "TAGS",
    tags: (silence ? w.silenceAlertsTags : w.tags).join(", "),
    statusPageIds: visibility?.enabled ? [...visibility.statusPageIds] : [],
    notifyOnStart: Boolean(visibility?.enabled && visibility.notifyOnStart),
    notifyOnEnd: Boolean(visibility?.enabled && visibility.notifyOnEnd),
  };
}

const tagList = (text: string) =>
  text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);

/**
 * The API's MaintenanceWindowInput; a time that does not parse goes as typed, for the API to name.
 * `stored` (an edit): what the form does not show is sent back as stored, since the update replaces
 * the whole window: the other effect's targets (a window may pause some tags and silence others)
 * and the status-page options (services, severity, reminders, auto start and end).
 */
export function toInput(v: WindowValues, stored?: StoredWindow) {
  const at = (local: string) => localToIso(local, v.timezone) ?? local;
  const tags = v.scope === "TAGS" ? tagList(v.tags) : [];
  const pause = v.effect === "PAUSE";
  const shown = v.statusPageIds.length > 0;
  return {
    name: v.name,
    description: v.description || null,
    timezone: v.timezone,
    startsAt: at(v.startsAt),
    endsAt: at(v.endsAt),
    repeatUnit: v.repeat === "NONE" ? "DAY" : v.repeat,
    repeatInterval: v.repeat === "NONE" ? null : Number(v.repeatInterval),
    repeatEndsAt: v.repeat === "NONE" || !v.repeatEndsAt ? null : at(v.repeatEndsAt),
    pauseAllChecks: pause ? v.scope === "ALL" : (stored?.pauseAllChecks ?? false),
    tags: pause ? tags : [...(stored?.tags ?? [])],
    silenceAllAlerts: pause ? (stored?.silenceAllAlerts ?? false) : v.scope === "ALL",
    silenceAlertsTags: pause ? [...(stored?.silenceAlertsTags ?? [])] : tags,
    statusPageVisibility: { ...keptOptions(stored), ...shownOn(v, shown, stored) },
  };
}

function shownOn(v: WindowValues, shown: boolean, stored?: StoredWindow) {
  const before = stored?.statusPageVisibility;
  return {
    enabled: shown,
    statusPageIds: v.statusPageIds,
    // A window shown before keeps its choice of services; a newly shown one affects them all.
    affectAllServices: before?.enabled && before.affectAllServices != null ? before.affectAllServices : shown,
    notifyOnStart: shown && v.notifyOnStart,
    notifyOnEnd: shown && v.notifyOnEnd,
  };
}

function keptOptions(stored?: StoredWindow) {
  const before = stored?.statusPageVisibility;
  if (!before) return {};
  const { enabled, statusPageIds, notifyOnStart, notifyOnEnd, affectAllServices, ...rest } = before;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
}

/** The form field an API error path names ("statusPageVisibility.statusPageIds" is the pages' picker). */
export function fieldOf(path: string): string {
  const [head, sub] = path.split(".");
  if (head === "statusPageVisibility") return sub === "notifyOnStart" || sub === "notifyOnEnd" ? sub : "statusPageIds";
  if (head === "silenceAlertsTags" || head === "pauseAllChecks" || head === "silenceAllAlerts") return "tags";
  if (head === "repeatUnit") return "repeat";
  return head ?? path;
}
