import { randomUUID } from "node:crypto";
import type { DomainContext } from "../shared/context.js";
import { NotFoundError } from "../shared/errors.js";
import { withoutResponseFields } from "../shared/schemas.js";
import { parseInput } from "../shared/validation.js";
import { matchesTags, runPlaces, strings } from "./match.js";
import { promoteGroups, publishQueued } from "./promote.js";
import { TriggerCheckSessionInput } from "./schemas.js";
import type { CheckSessionView } from "./view.js";

/** 404, in the reference document's words. */
class NoMatchingChecksError extends NotFoundError {
  constructor() {
    super("check");
    this.message = "no matching checks were found (activated, not heartbeats, with a location)";
  }
}

/**
 * Starts one session per matching check ("run now"): the session and one QUEUED run per location,
 * sharing one sequenceId, for the engine to pick up. Only checks that can run are eligible:
 * activated, in no deactivated group, not heartbeats (they are pinged, not run), with a location.
 * A grouped check's runs are written PENDING and promoted, in the same transaction, as far as the
 * group's `concurrency` allows (promote.ts); the rest start as running sessions of the group end.
 */
export async function triggerCheckSessions({
  ctx,
  input,
}: {
  ctx: DomainContext;
  input: unknown;
}): Promise<CheckSessionView[]> {
  const { target, refreshCache } = withoutResponseFields(
    parseInput(TriggerCheckSessionInput, input === undefined ? {} : input),
  );
  const candidates = await ctx.db.check.findMany({
    where: {
      accountId: ctx.accountId,
      activated: true,
      checkType: { not: "HEARTBEAT" },
      OR: [{ groupId: null }, { group: { activated: true } }],
      ...(target.checkId ? { id: { in: target.checkId } } : {}),
    },
    select: {
      id: true,
      name: true,
      checkType: true,
      tags: true,
      locations: true,
      privateLocations: true,
      groupId: true,
      group: { select: { tags: true, locations: true, privateLocations: true } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const tagged = target.matchTags
    ? candidates.filter((check) =>
        matchesTags([...strings(check.tags), ...strings(check.group?.tags)], target.matchTags!),
      )
    : candidates;
  const wantsPrivate = tagged.some(
    (check) => strings(check.privateLocations).length + strings(check.group?.privateLocations).length > 0,
  );
  const privateLocations = wantsPrivate
    ? await ctx.db.privateLocation.findMany({
        where: { accountId: ctx.accountId },
        select: { id: true, slugName: true },
      })
    : [];
  const planned = tagged
    .map((check) => ({ check, places: runPlaces(check, privateLocations) }))
    .filter((plan) => plan.places.length > 0);
  if (planned.length === 0) throw new NoMatchingChecksError();

  const now = ctx.now();
  const stored = { ...target, refreshCache };
  const { views, promoted } = await ctx.db.$transaction(async (tx) => {
    const views: CheckSessionView[] = [];
    for (const { check, places } of planned) {
      const session = await tx.checkSession.create({
        data: {
          accountId: ctx.accountId,
          name: check.name,
          status: "STARTED",
          target: stored,
          startedAt: now,
          createdAt: now,
        },
      });
      const sequenceId = randomUUID();
      await tx.checkRun.createMany({
        data: places.map((place) => ({
          accountId: ctx.accountId,
          checkId: check.id,
          sessionId: session.id,
          location: place.location,
          privateLocationId: place.privateLocationId,
          sequenceId,
          sequenceSize: places.length,
          status: check.groupId === null ? "QUEUED" : "PENDING",
          groupId: check.groupId,
          dueAt: now,
          createdAt: now,
        })),
      });
      views.push({
        id: session.id,
        name: check.name,
        status: "STARTED",
        startedAt: now,
        stoppedAt: null,
        check: { id: check.id, name: check.name, checkType: check.checkType },
        runLocations: places.map((p) => p.name),
        results: null,
      });
    }
    const groupIds = planned.flatMap(({ check }) => (check.groupId === null ? [] : [check.groupId]));
    return { views, promoted: await promoteGroups(tx, groupIds, now) };
  });
  const ungrouped = planned.filter(({ check }) => check.groupId === null).flatMap(({ places }) => places);
  for (const { privateLocationId } of ungrouped)
    if (privateLocationId) promoted.wake.push({ accountId: ctx.accountId, privateLocationId });
  publishQueued(ctx.events, promoted);
  return views;
}
