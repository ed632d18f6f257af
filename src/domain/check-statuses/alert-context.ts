import type { DbOrTx } from "../../db/client.js";
import type { RawRead } from "../../db/sqlite-reads.js";
import { Prisma } from "../../generated/sqlite/client.js";
import type { AlertRules, Silence } from "../alert-rules/decide.js";
import { alertRulesInForce } from "../alert-rules/in-force.js";
import { maintenanceStatus, type MaintenanceWindowLike } from "../maintenance-windows/status.js";
import { triggerOf, type TriggerIncident } from "./incident.js";

const tags = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];

/** What deciding and announcing an alert needs beyond the status row: read only when it may matter. */
export type AlertContext = {
  rules: AlertRules;
  silence: Silence;
  check: { id: string; name: string; checkType: string; description: string | null; tags: string[] };
  group: { id: number; name: string } | null;
  trigger: TriggerIncident | null;
};

const CHECK_SELECT = {
  id: true,
  accountId: true,
  name: true,
  checkType: true,
  description: true,
  tags: true,
  muted: true,
  alertSettings: true,
  useGlobalAlertSettings: true,
  triggerIncident: true,
  account: { select: { alertSettings: true } },
  group: {
    select: { id: true, name: true, muted: true, tags: true, alertSettings: true, useGlobalAlertSettings: true },
  },
} as const;

type ContextCheck = NonNullable<Awaited<ReturnType<typeof readCheck>>>;
const readCheck = (tx: DbOrTx, checkId: string) =>
  tx.check.findUnique({ where: { id: checkId }, select: CHECK_SELECT });

/** The check with its group and account's settings, and the account's windows on at `now`. Null: the check is gone. */
export async function loadAlertContext(tx: DbOrTx, checkId: string, now: Date): Promise<AlertContext | null> {
  const check = await readCheck(tx, checkId);
  if (!check) return null;
  const windows = await tx.maintenanceWindow.findMany({
    where: { accountId: check.accountId, startsAt: { lte: now } },
  });
  return contextOf(check, windows, now);
}

type Group = NonNullable<ContextCheck["group"]>;
type ContextRow = Omit<ContextCheck, "account" | "group"> & {
  accountAlertSettings: ContextCheck["account"]["alertSettings"];
  groupId: number | null;
  groupName: string;
  groupMuted: boolean;
  groupTags: Group["tags"];
  groupAlertSettings: Group["alertSettings"];
  groupUseGlobalAlertSettings: Group["useGlobalAlertSettings"];
};

/**
 * loadAlertContext for many checks in two statements: the checks with their groups' and accounts'
 * settings in one join, through the raw reader (src/db/sqlite-reads.ts), then the accounts'
 * windows (none when the caller read them already: `windows`, windowsByAccount at `now`). A
 * check gone is left out.
 */
export async function loadAlertContexts(
  read: RawRead,
  checkIds: readonly string[],
  now: Date,
  windows?: ReadonlyMap<string, MaintenanceWindowLike[]>,
) {
  const rows = checkIds.length
    ? await read<ContextRow>(Prisma.sql`
      SELECT c."id", c."accountId", c."name", c."checkType", c."description", c."tags", c."muted", c."alertSettings",
        c."useGlobalAlertSettings", c."triggerIncident", a."alertSettings" AS "accountAlertSettings",
        g."id" AS "groupId", g."name" AS "groupName", g."muted" AS "groupMuted", g."tags" AS "groupTags",
        g."alertSettings" AS "groupAlertSettings", g."useGlobalAlertSettings" AS "groupUseGlobalAlertSettings"
      FROM "Check" c JOIN "Account" a ON a."id" = c."accountId" LEFT JOIN "CheckGroup" g ON g."id" = c."groupId"
      WHERE c."id" IN (${Prisma.join([...checkIds])})`)
    : [];
  const checks: ContextCheck[] = rows.map((row) => ({
    ...row,
    account: { alertSettings: row.accountAlertSettings },
    group:
      row.groupId === null
        ? null
        : {
            id: row.groupId,
            name: row.groupName,
            muted: row.groupMuted,
            tags: row.groupTags,
            alertSettings: row.groupAlertSettings,
            useGlobalAlertSettings: row.groupUseGlobalAlertSettings,
          },
  }));
  const byAccount = windows ?? (await windowsByAccount(read, [...new Set(checks.map((c) => c.accountId))], now));
  const rules = new Map<string, AlertRules>();
  return new Map(checks.map((check) => [check.id, contextOf(check, byAccount.get(check.accountId) ?? [], now, rules)]));
}

/**
 * The maintenance windows that may be on at `at` (started by then), of these accounts, by account:
 * one statement through the raw reader (the sweeps read them for every chunk).
 */
export async function windowsByAccount(
  read: RawRead,
  accountIds: readonly string[],
  at: Date,
): Promise<Map<string, MaintenanceWindowLike[]>> {
  const windows = accountIds.length
    ? await read<MaintenanceWindowLike & { accountId: string }>(Prisma.sql`
      SELECT "id", "accountId", "name", "tags", "pauseAllChecks", "silenceAlertsTags", "silenceAllAlerts", "startsAt",
        "endsAt", "repeatUnit", "repeatInterval", "repeatEndsAt", "timezone", "occurrenceChanges"
      FROM "MaintenanceWindow" WHERE "accountId" IN (${Prisma.join([...accountIds])}) AND "startsAt" <= ${at}`)
    : [];
  const byAccount = new Map<string, MaintenanceWindowLike[]>();
  for (const window of windows) {
    const list = byAccount.get(window.accountId);
    if (list) list.push(window);
    else byAccount.set(window.accountId, [window]);
  }
  return byAccount;
}

function contextOf(
  check: ContextCheck,
  windows: readonly MaintenanceWindowLike[],
  now: Date,
  memo?: Map<string, AlertRules>,
): AlertContext {
  const window = maintenanceStatus(windows, { tags: tags(check.tags), groupTags: tags(check.group?.tags) }, now);
  return {
    rules: alertRulesInForce({ check, group: check.group, account: check.account.alertSettings }, memo),
    // A paused check does not run, but a heartbeat or an agent's late result may still arrive: silenced too.
    silence: { muted: check.muted || (check.group?.muted ?? false), maintenance: window.silenced || window.paused },
    check: {
      id: check.id,
      name: check.name,
      checkType: check.checkType,
      description: check.description,
      tags: tags(check.tags),
    },
    group: check.group ? { id: check.group.id, name: check.group.name } : null,
    trigger: triggerOf(check.triggerIncident),
  };
}
