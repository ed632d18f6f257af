/** A check's state with an icon and a word, never colour alone (WCAG 1.4.1). */
const LOOK: Record<string, { icon: string; label: string }> = {
  PASSING: { icon: "✓", label: "Passing" },
  DEGRADED: { icon: "▲", label: "Degraded" },
  FAILING: { icon: "✕", label: "Failing" },
  PAUSED: { icon: "⏸", label: "Paused" },
};

export function stateOf(status: string, activated: boolean): string {
  return activated ? status : "PAUSED";
}

export function StateBadge({ state }: { state: string }) {
  const look = LOOK[state] ?? { icon: "?", label: state };
  return (
    <span className={`badge ${state}`}>
      <span aria-hidden="true">{look.icon}</span> {look.label}
    </span>
  );
}
