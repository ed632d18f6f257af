import {
  NEW_PAGE_OPTIONS,
  OPTION_FIELDS,
  type PageOptions,
  type StoredVisibility,
  storedOptions,
  visibilityOf,
} from "./pageOptions";
import { browserZone, isoToLocal, localToIso } from "./zones";

export type Repeat = "NONE" | "DAY" | "WEEK" | "MONTH";

/** The window form's values: wall times ("2027-03-28T09:00") are read in `timezone`. */
export type WindowValues = PageOptions & {
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
    ...NEW_PAGE_OPTIONS,
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
  statusPageVisibility?: StoredVisibility | null;
};

export function fromWindow(w: StoredWindow): WindowValues {
  const zone = w.timezone ?? "UTC";
  const silence = !w.tags.length && !w.pauseAllChecks && (w.silenceAllAlerts || w.silenceAlertsTags.length > 0);
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
    ...(w.statusPageVisibility ? storedOptions(w.statusPageVisibility) : NEW_PAGE_OPTIONS),
  };
}

const tagList = (text: string) =>
  text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);

/**
 * The API's MaintenanceWindowInput; a time that does not parse goes as typed, for the API to name.
 * `stored` (an edit): the other effect's targets, which the form does not show (a window may pause
 * some tags and silence others), go back as stored, since the update replaces the whole window.
 * Every status-page option is a field of the form, loaded from the stored window.
 */
export function toInput(v: WindowValues, stored?: StoredWindow) {
  const at = (local: string) => localToIso(local, v.timezone) ?? local;
  const tags = v.scope === "TAGS" ? tagList(v.tags) : [];
  const pause = v.effect === "PAUSE";
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
    statusPageVisibility: visibilityOf(v, stored?.statusPageVisibility),
  };
}

/** The form field an API error path names ("statusPageVisibility.statusPageIds" is the pages' picker). */
export function fieldOf(path: string): string {
  const [head, sub = ""] = path.split(".");
  if (head === "statusPageVisibility") {
    if (sub === "affectAllServices") return "serviceIds";
    return OPTION_FIELDS.has(sub) ? sub : "statusPageIds";
  }
  if (head === "silenceAlertsTags" || head === "pauseAllChecks" || head === "silenceAllAlerts") return "tags";
  if (head === "repeatUnit") return "repeat";
  return head ?? path;
}
