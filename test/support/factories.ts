// Test factories: rows made straight in the database (fast, and independent of the REST layer
// under test) or through the domain verb the engine itself uses.
import { domainContext } from "../../src/app-context.js";
import { recordCheckResult, type RecordCheckResultInput } from "../../src/domain/check-results/index.js";
import type { TestApp } from "./app.js";
import { createCheck, type CheckData } from "./fixtures/checks.js";

/** `newCheck(data?, accountId?)`: an API check (fixtures/checks.ts) with the file's own defaults. */
export function checkFactory(t: TestApp, defaults: CheckData = {}) {
  return (data: CheckData = {}, accountId = t.accountId) => createCheck(t, { ...defaults, ...data }, accountId);
}

/** `record(input, accountId?)`: a check result recorded as the engine records it (events, sessions). */
export function resultRecorder(t: TestApp) {
  return (input: RecordCheckResultInput, accountId = t.accountId) =>
    recordCheckResult({ ctx: domainContext(t.app.context, accountId), input });
}

/**
 * Items in the order the domain lists an incident's services: by creation time, then id (two
 * services made within one millisecond tie on time, and their ids decide).
 */
export function inCreationOrder<T extends { id: string; created_at: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.created_at.localeCompare(b.created_at) || (a.id < b.id ? -1 : 1));
}
