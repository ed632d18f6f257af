import { json } from "../../db/json.js";
import type { AlertChannelSubscription, Check } from "../../generated/sqlite/client.js";
import type { DomainContext } from "../context.js";
import { prismaErrorCode } from "../shared/prisma-errors.js";
import { ConflictError, NotFoundError } from "../errors.js";

/** A check as the domain hands it out: the row with its alert channel subscriptions. */
export type CheckRow = Check & { alertChannelSubscriptions: AlertChannelSubscription[] };
export const withSubscriptions = { alertChannelSubscriptions: { orderBy: { alertChannelId: "asc" } } } as const;

/** Parsed body values, keyed by property name. */
export type CheckValues = Record<string, unknown>;

/** List properties: shown as [] when unset. */
export const LISTS = [
  "locations",
  "tags",
  "alertChannelSubscriptions",
  "privateLocations",
  "environmentVariables",
  "dependencies",
];
/** Reference properties without a column of their own: kept in the `settings` JSON column. */
export const SETTINGS = [
  "intent",
  "aiAutoRepairEnabled",
  "sslCheckDomain",
  "degradedPacketLossThreshold",
  "maxPacketLossThreshold",
];
const JSON_COLUMNS = new Set([
  "locations",
  "tags",
  "alertSettings",
  "retryStrategy",
  "triggerIncident",
  "request",
  "heartbeat",
  "environmentVariables",
  "privateLocations",
  "dependencies",
]);
/** Objects that a partial update merges into the stored one, rather than replacing it. */
const MERGED = ["request", "heartbeat", "alertSettings"] as const;

/**
 * What `null` means for a list: on create and the typed PUT, no items; on the deprecated PUT,
 * "leave it unchanged" (docs/decisions.md), as for `groupId: null` there.
 */
export function normalizeLists(values: CheckValues, nullMeans: "empty" | "unchanged"): CheckValues {
  const out = { ...values };
  for (const key of LISTS) if (out[key] === null) out[key] = nullMeans === "empty" ? [] : undefined;
  if (nullMeans === "unchanged" && out.groupId === null) out.groupId = undefined;
  return out;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * "Omitted properties keep their value" reaches into `request`, `heartbeat` and `alertSettings`:
 * the sent object is laid over the stored one before validation, so `{request: {url}}` keeps the
 * method, headers and assertions.
 */
export function mergeStoredObjects(current: Check, input: unknown): unknown {
  if (!isObject(input)) return input;
  const merged = { ...input };
  for (const key of MERGED) {
    const stored = current[key];
    if (isObject(merged[key]) && isObject(stored)) merged[key] = { ...stored, ...merged[key] };
  }
  return merged;
}

/** Column data for Prisma: JSON columns wrapped, reference-only properties folded into `settings`. */
export function toCheckData(values: CheckValues, storedSettings: unknown = {}) {
  const data: Record<string, unknown> = {};
  const settings: Record<string, unknown> = isObject(storedSettings) ? { ...storedSettings } : {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || key === "alertChannelSubscriptions" || key === "checkType") continue;
    if (SETTINGS.includes(key)) settings[key] = value;
    else data[key] = JSON_COLUMNS.has(key) ? json(value) : value;
  }
  return { ...data, settings: json(settings) };
}

type Subscriptions = { alertChannelId: number; activated: boolean }[] | undefined;

/**
 * One transaction: the check row and, when given, its complete list of alert channel
 * subscriptions. Prisma's unique and missing-row errors become domain errors here.
 */
export async function saveCheck(
  ctx: DomainContext,
  write: { create: Record<string, unknown> } | { update: Record<string, unknown>; id: string },
  subscriptions: Subscriptions,
): Promise<CheckRow> {
  try {
    return await ctx.db.$transaction(async (tx) => {
      const row =
        "create" in write
          ? await tx.check.create({ data: { ...write.create, accountId: ctx.accountId } as never })
          : await tx.check.update({ where: { id: write.id, accountId: ctx.accountId }, data: write.update as never });
      if (subscriptions) {
        await tx.alertChannelSubscription.deleteMany({ where: { checkId: row.id } });
        await tx.alertChannelSubscription.createMany({ data: subscriptions.map((s) => ({ ...s, checkId: row.id })) });
      }
      return tx.check.findUniqueOrThrow({ where: { id: row.id }, include: withSubscriptions });
    });
  } catch (error) {
    const code = prismaErrorCode(error);
    if (code === "P2002") throw new ConflictError("the check conflicts with an existing one (a unique value is taken)");
    if (code === "P2025" && "id" in write) throw new NotFoundError("check", write.id);
    if (code === "P2003") throw new ConflictError("a group or alert channel the check names was deleted meanwhile");
    throw error;
  }
}
