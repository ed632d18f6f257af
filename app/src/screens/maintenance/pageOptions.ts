// How a window shows on its status pages: the form's half of the API's statusPageVisibility.
export type Severity = "" | "MINOR" | "MEDIUM" | "MAJOR" | "CRITICAL";

/** The API's MaintenanceStatusPageVisibilityInput as the form holds it (`enabled`: pages are chosen). */
export type PageOptions = {
  statusPageIds: string[];
  notifyOnStart: boolean;
  notifyOnEnd: boolean;
  /** Every service of the chosen pages is affected; else those of `serviceIds`. */
  affectAllServices: boolean;
  serviceIds: string[];
  severity: Severity;
  reminderMinutesBefore: number[];
  autoStart: boolean;
  autoEnd: boolean;
  showAffectedServices: boolean;
  suppressAutoIncidents: boolean;
};

/** A window's statusPageVisibility as stored (the API's MaintenanceStatusPageVisibility). */
export type StoredVisibility = {
  enabled: boolean;
  statusPageIds: readonly string[];
  notifyOnStart: boolean;
  notifyOnEnd: boolean;
  affectAllServices: boolean;
  serviceIds: readonly string[];
  severity?: string | null;
  reminderMinutesBefore: readonly number[];
  autoStart: boolean;
  autoEnd: boolean;
  showAffectedServices: boolean;
  suppressAutoIncidents: boolean;
};

// The API's defaults (domain/maintenance-windows/visibility.ts) but for the services: a window
// newly shown on pages affects all of their services until the person names some.
export const NEW_PAGE_OPTIONS: PageOptions = {
  statusPageIds: [],
  notifyOnStart: false,
  notifyOnEnd: false,
  affectAllServices: true,
  serviceIds: [],
  severity: "",
  reminderMinutesBefore: [],
  autoStart: true,
  autoEnd: true,
  showAffectedServices: true,
  suppressAutoIncidents: false,
};

/** Every stored option is a field of the form, so an edit sends each back unless the person changed it. */
export function storedOptions(v: StoredVisibility): PageOptions {
  return {
    statusPageIds: v.enabled ? [...v.statusPageIds] : [],
    notifyOnStart: v.notifyOnStart,
    notifyOnEnd: v.notifyOnEnd,
    affectAllServices: v.affectAllServices,
    serviceIds: [...v.serviceIds],
    severity: (v.severity ?? "") as Severity,
    reminderMinutesBefore: [...v.reminderMinutesBefore],
    autoStart: v.autoStart,
    autoEnd: v.autoEnd,
    showAffectedServices: v.showAffectedServices,
    suppressAutoIncidents: v.suppressAutoIncidents,
  };
}

export function visibilityOf(v: PageOptions, before: StoredVisibility | null | undefined) {
  const shown = v.statusPageIds.length > 0;
  // A window stored hidden (enabled: false) that names pages keeps them while none is chosen here.
  const pages = !shown && before && !before.enabled ? [...before.statusPageIds] : v.statusPageIds;
  return {
    enabled: shown,
    statusPageIds: pages,
    affectAllServices: v.affectAllServices,
    // Named services go only without "all": the API refuses both at once.
    serviceIds: v.affectAllServices ? [] : v.serviceIds,
    severity: v.severity || null,
    notifyOnStart: v.notifyOnStart,
    notifyOnEnd: v.notifyOnEnd,
    reminderMinutesBefore: v.reminderMinutesBefore,
    autoStart: v.autoStart,
    autoEnd: v.autoEnd,
    showAffectedServices: v.showAffectedServices,
    suppressAutoIncidents: v.suppressAutoIncidents,
  };
}

/** A page unticked: the services only it showed are no longer chosen (those of other chosen pages stay). */
export function withoutPage(
  serviceIds: readonly string[],
  removed: { services: { databaseId: string }[] },
  others: { services: { databaseId: string }[] }[],
): string[] {
  const gone = new Set(removed.services.map((s) => s.databaseId));
  for (const page of others) for (const s of page.services) gone.delete(s.databaseId);
  return serviceIds.filter((id) => !gone.has(id));
}

/** The options an API error path may name (statusPageVisibility.<option>), each a field of the same name. */
export const OPTION_FIELDS = new Set([
  "notifyOnStart",
  "notifyOnEnd",
  "serviceIds",
  "severity",
  "reminderMinutesBefore",
  "autoStart",
  "autoEnd",
  "showAffectedServices",
  "suppressAutoIncidents",
]);
