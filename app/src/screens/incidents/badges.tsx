/** An incident's status and severity in words with an icon, never colour alone (WCAG 1.4.1). */
const STATUS: Record<string, { icon: string; label: string; look: string }> = {
  INVESTIGATING: { icon: "✕", label: "Investigating", look: "FAILING" },
  IDENTIFIED: { icon: "▲", label: "Identified", look: "DEGRADED" },
  MONITORING: { icon: "◔", label: "Monitoring", look: "DEGRADED" },
  RESOLVED: { icon: "✓", label: "Resolved", look: "PASSING" },
};

export const STATUSES = ["INVESTIGATING", "IDENTIFIED", "MONITORING", "RESOLVED"] as const;
export const SEVERITIES = ["CRITICAL", "MAJOR", "MEDIUM", "MINOR"] as const;

export function statusLabel(status: string): string {
  return STATUS[status]?.label ?? status;
}

export function IncidentStatusBadge({ status }: { status: string }) {
  const look = STATUS[status] ?? { icon: "?", label: status, look: "" };
  return (
    <span className={`badge ${look.look}`}>
      <span aria-hidden="true">{look.icon}</span> {look.label}
    </span>
  );
}

export function SeverityBadge({ severity }: { severity: string }) {
  return <span className="muted">{severity.charAt(0) + severity.slice(1).toLowerCase()} severity</span>;
}
