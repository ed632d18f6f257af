// Test factories: rows made straight in the database (fast, and independent of the REST layer
// under test) or through the domain verb the engine itself uses.
import { domainContext } from "../../src/app-context.js";
import { recordCheckResult, type RecordCheckResultInput } from "../../src/domain/check-results/index.js";
import type { TestApp } from "./app.js";

export type CheckSeed = {
  checkType?: string;
  name?: string;
  tags?: string[];
  locations?: string[];
  activated?: boolean;
  groupId?: number;
  privateLocations?: string[];
};

/** `newCheck(data?, accountId?)`: an API check of the test's account, with the file's own defaults. */
export function checkFactory(t: () => TestApp, defaults: CheckSeed = {}) {
  return (data: CheckSeed = {}, accountId = t().accountId) =>
    t().app.context.database.prisma.check.create({
      data: { accountId, checkType: "API", name: "Homepage", locations: ["eu-west-1"], tags: [], ...defaults, ...data },
    });
}

/** `record(input, accountId?)`: a check result recorded as the engine records it (events, sessions). */
export function resultRecorder(t: () => TestApp) {
  return (input: RecordCheckResultInput, accountId = t().accountId) =>
    recordCheckResult({ ctx: domainContext(t().app.context, accountId), input });
}

/**
 * Items in the order the domain lists an incident's services: by creation time, then id (two
 * services made within one millisecond tie on time, and their ids decide).
 */
export function inCreationOrder<T extends { id: string; created_at: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.created_at.localeCompare(b.created_at) || (a.id < b.id ? -1 : 1));
}
