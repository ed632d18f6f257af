import { browserZone, timeIn } from "./zones";

/**
 * When an occurrence runs, in the window's zone and in this browser's, each labelled with its
 * zone's name (once when they are the same zone). The instants are in the <time> elements.
 */
export function OccurrenceTimes({ startsAt, endsAt, zone }: { startsAt: string; endsAt: string; zone: string }) {
  const own = browserZone();
  const rows: [string, string][] = [[`Window's time (${zone})`, zone]];
  if (own !== zone) rows.push([`Your time (${own})`, own]);
  return (
    <dl className="times">
      {rows.map(([label, shown]) => (
        <div key={label} data-testid={shown === zone ? "window-time" : "browser-time"}>
          <dt>{label}</dt>
          <dd>
            <time dateTime={startsAt}>{timeIn(startsAt, shown)}</time> –{" "}
            <time dateTime={endsAt}>{timeIn(endsAt, shown)}</time>
          </dd>
        </div>
      ))}
    </dl>
  );
}

const STATUS_LABEL: Record<string, string> = {
  SCHEDULED: "Scheduled",
  IN_PROGRESS: "In progress",
  VERIFYING: "Verifying",
  COMPLETED: "Completed",
  CANCELLED: "Skipped",
};

export const MAINTENANCE_STATUSES = ["SCHEDULED", "IN_PROGRESS", "VERIFYING", "COMPLETED", "CANCELLED"] as const;

export const maintenanceStatusLabel = (status: string) => STATUS_LABEL[status] ?? status;
