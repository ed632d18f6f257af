/** A service's state as its status pages word it, with an icon: never colour alone (WCAG 1.4.1). */
const LOOK: Record<string, { icon: string; label: string; look: string }> = {
  none: { icon: "✓", label: "Operational", look: "PASSING" },
  MINOR: { icon: "▲", label: "Degraded performance", look: "DEGRADED" },
  MEDIUM: { icon: "▲", label: "Partial outage", look: "DEGRADED" },
  MAJOR: { icon: "✕", label: "Major outage", look: "FAILING" },
  CRITICAL: { icon: "✕", label: "Critical outage", look: "FAILING" },
};

export function ServiceState({ state }: { state: string | null | undefined }) {
  const look = LOOK[state ?? "none"] ?? { icon: "?", label: String(state), look: "" };
  return (
    <span className={`badge ${look.look}`} data-testid="service-state">
      <span aria-hidden="true">{look.icon}</span> {look.label}
    </span>
  );
}
