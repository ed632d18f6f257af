import type { DbOrTx } from "../../db/client.js";
import { NotFoundError } from "../shared/errors.js";
import { aggregateRollups } from "../rollups/index.js";
import { parseInput } from "../shared/validation.js";
import { type Badge, type BadgeStatus, renderBadge } from "./render.js";
import { BadgeQuery, GroupBadgeQuery } from "./schemas.js";

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RANK: Record<BadgeStatus, number> = { unknown: 0, passing: 1, degraded: 2, failing: 3 };

type Ctx = { db: DbOrTx; now: () => Date };
type Checked = { id: string; accountId: string; status: { condition: string; lastRunAt: Date | null } | null };

function statusOf(check: Checked): BadgeStatus {
  if (!check.status?.lastRunAt) return "unknown";
  return check.status.condition === "FAILING"
    ? "failing"
    : check.status.condition === "DEGRADED"
      ? "degraded"
      : "passing";
}

/** Average response time of the checks over the last 24 hours, from rollups; null without runs. */
async function average(ctx: Ctx, accountId: string, checkIds: string[]): Promise<number | null> {
  const now = ctx.now().getTime();
  const byCheck = await aggregateRollups({ db: ctx.db, accountId, checkIds, spans: [{ from: now - DAY_MS, to: now }] });
  let runs = 0;
  let sum = 0;
  for (const [a] of byCheck.values()) {
    runs += a?.runs ?? 0;
    sum += a?.responseTimeSum ?? 0;
  }
  return runs === 0 ? null : sum / runs;
}

const select = { id: true, accountId: true, status: { select: { condition: true, lastRunAt: true } } } as const;

/**
 * A check's public status badge: no key, the check's uuid is the credential (as Checkly's public
 * badges). Shows only the check's name, its status and, when asked, its average response time.
 */
export async function checkBadge({
  ctx,
  checkId,
  query,
}: {
  ctx: Ctx;
  checkId: string;
  query: unknown;
}): Promise<Badge> {
  const q = parseInput(BadgeQuery, query, "query");
  const check = UUID.test(checkId)
    ? await ctx.db.check.findUnique({ where: { id: checkId }, select: { ...select, name: true } })
    : null;
  if (!check) throw new NotFoundError("check", checkId);
  const avg = q.responseTime ? await average(ctx, check.accountId, [check.id]) : null;
  return renderBadge(check.name, statusOf(check), q.responseTime ? (avg ?? 0) : null, q);
}

/** A group's badge: the worst status of its checks (unknown when none has run), labelled by `label`. */
export async function groupBadge({
  ctx,
  groupId,
  query,
}: {
  ctx: Ctx;
  groupId: string;
  query: unknown;
}): Promise<Badge> {
  const q = parseInput(GroupBadgeQuery, query, "query");
  const id = /^\d{1,10}$/.test(groupId) ? Number(groupId) : Number.NaN;
  const group =
    id >= 1 && id <= 2_147_483_647
      ? await ctx.db.checkGroup.findUnique({
          where: { id },
          select: { accountId: true, checks: { select } },
        })
      : null;
  if (!group) throw new NotFoundError("check group", groupId);
  const status = group.checks
    .map(statusOf)
    .reduce<BadgeStatus>((worst, s) => (RANK[s] > RANK[worst] ? s : worst), "unknown");
  const avg = q.responseTime
    ? await average(
        ctx,
        group.accountId,
        group.checks.map((c) => c.id),
      )
    : null;
  return renderBadge(q.label, status, q.responseTime ? (avg ?? 0) : null, q);
}
