/** A window's rule in words: "Every 2 weeks · pauses checks tagged db, api". */
export function describeWindow(w: {
  repeatUnit: string;
  repeatInterval?: number | null;
  tags: readonly string[];
  pauseAllChecks: boolean;
  silenceAlertsTags: readonly string[];
  silenceAllAlerts: boolean;
}): string {
  const unit = w.repeatUnit.toLowerCase();
  const every =
    w.repeatInterval == null ? "Once" : w.repeatInterval === 1 ? `Every ${unit}` : `Every ${w.repeatInterval} ${unit}s`;
  const what = [
    w.pauseAllChecks ? "pauses all checks" : w.tags.length ? `pauses checks tagged ${w.tags.join(", ")}` : "",
    w.silenceAllAlerts
      ? "silences all alerts"
      : w.silenceAlertsTags.length
        ? `silences alerts of checks tagged ${w.silenceAlertsTags.join(", ")}`
        : "",
  ].filter(Boolean);
  return [every, what.join(" and ") || "affects no check"].join(" · ");
}
