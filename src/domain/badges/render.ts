import { createHash } from "node:crypto";
import type { BadgeQuery } from "./schemas.js";

export type BadgeStatus = "passing" | "degraded" | "failing" | "unknown";

const COLORS: Record<BadgeStatus, string> = {
  passing: "#2ecc71",
  degraded: "#f39c12",
  failing: "#e74c3c",
  unknown: "#9f9f9f",
};
const LABEL_COLORS: Record<BadgeQuery["theme"], string | undefined> = {
  default: undefined,
  light: "#e5e7eb",
  dark: "#1f2937",
};

export type Badge = { svg: string; etag: string };

/**
 * badge-maker, imported at the first badge: its font width tables are 3.6 MB of heap, held for
 * good once loaded, by an instance that may never be asked for a badge.
 */
let renderer: Promise<typeof import("badge-maker")> | undefined;

/** The badge's SVG (badge-maker, the shields.io renderer) and a strong ETag of it. */
export async function renderBadge(
  label: string,
  status: BadgeStatus,
  avgMs: number | null,
  query: BadgeQuery,
): Promise<Badge> {
  renderer ??= import("badge-maker");
  const { makeBadge } = await renderer;
  const message = avgMs === null ? status : `${status} | ${Math.round(avgMs)} ms`;
  const labelColor = LABEL_COLORS[query.theme];
  const svg = makeBadge({
    label,
    message,
    color: COLORS[status],
    style: query.style,
    ...(labelColor ? { labelColor } : {}),
  });
  return { svg, etag: `"${createHash("sha1").update(svg).digest("base64url")}"` };
}
