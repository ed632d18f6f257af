-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_CheckRun" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "accountId" TEXT NOT NULL,
    "checkId" TEXT NOT NULL,
    "sessionId" TEXT,
    "location" TEXT,
    "privateLocationId" TEXT,
    "sequenceId" TEXT NOT NULL,
    "sequenceSize" INTEGER NOT NULL DEFAULT 1,
    "status" TEXT NOT NULL DEFAULT 'QUEUED',
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "dueAt" DATETIME NOT NULL,
    "leaseOwner" TEXT,
    "leaseExpiresAt" DATETIME,
    "claimedAt" DATETIME,
    "finishedAt" DATETIME,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "scheduleKey" TEXT,
    "groupId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CheckRun_checkId_fkey" FOREIGN KEY ("checkId") REFERENCES "Check" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CheckRun_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "CheckSession" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CheckRun_privateLocationId_fkey" FOREIGN KEY ("privateLocationId") REFERENCES "PrivateLocation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_CheckRun" ("accountId", "attempt", "cancelRequested", "checkId", "claimedAt", "createdAt", "dueAt", "finishedAt", "groupId", "id", "leaseExpiresAt", "leaseOwner", "location", "privateLocationId", "scheduleKey", "sequenceId", "sessionId", "status") SELECT "accountId", "attempt", "cancelRequested", "checkId", "claimedAt", "createdAt", "dueAt", "finishedAt", "groupId", "id", "leaseExpiresAt", "leaseOwner", "location", "privateLocationId", "scheduleKey", "sequenceId", "sessionId", "status" FROM "CheckRun";
DROP TABLE "CheckRun";
ALTER TABLE "new_CheckRun" RENAME TO "CheckRun";
CREATE UNIQUE INDEX "CheckRun_scheduleKey_key" ON "CheckRun"("scheduleKey");
CREATE INDEX "CheckRun_status_dueAt_idx" ON "CheckRun"("status", "dueAt");
CREATE INDEX "CheckRun_privateLocationId_status_dueAt_idx" ON "CheckRun"("privateLocationId", "status", "dueAt");
CREATE INDEX "CheckRun_sessionId_idx" ON "CheckRun"("sessionId");
CREATE INDEX "CheckRun_checkId_dueAt_idx" ON "CheckRun"("checkId", "dueAt");
CREATE TABLE "new_CheckStatus" (
    "checkId" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "condition" TEXT NOT NULL DEFAULT 'PASSING',
    "since" DATETIME,
    "runs" INTEGER NOT NULL DEFAULT 0,
    "alerted" TEXT NOT NULL DEFAULT 'NONE',
    "failureAlerted" BOOLEAN NOT NULL DEFAULT false,
    "episodeSilenced" BOOLEAN NOT NULL DEFAULT false,
    "beganInWindow" BOOLEAN NOT NULL DEFAULT false,
    "remindersSent" INTEGER NOT NULL DEFAULT 0,
    "nextReminderAt" DATETIME,
    "dueAt" DATETIME,
    "version" INTEGER NOT NULL DEFAULT 0,
    "hasFailures" BOOLEAN NOT NULL DEFAULT false,
    "hasErrors" BOOLEAN NOT NULL DEFAULT false,
    "isDegraded" BOOLEAN NOT NULL DEFAULT false,
    "longestRun" INTEGER,
    "shortestRun" INTEGER,
    "lastRunLocation" TEXT,
    "lastCheckRunId" INTEGER,
    "lastResultId" TEXT,
    "lastRunAt" DATETIME,
    "incidentId" TEXT,
    "recentChanges" JSONB,
    "flapping" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CheckStatus_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CheckStatus_checkId_fkey" FOREIGN KEY ("checkId") REFERENCES "Check" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_CheckStatus" ("accountId", "alerted", "beganInWindow", "checkId", "condition", "createdAt", "dueAt", "episodeSilenced", "failureAlerted", "hasErrors", "hasFailures", "incidentId", "isDegraded", "lastCheckRunId", "lastResultId", "lastRunAt", "lastRunLocation", "longestRun", "nextReminderAt", "remindersSent", "runs", "shortestRun", "since", "updatedAt", "version") SELECT "accountId", "alerted", "beganInWindow", "checkId", "condition", "createdAt", "dueAt", "episodeSilenced", "failureAlerted", "hasErrors", "hasFailures", "incidentId", "isDegraded", "lastCheckRunId", "lastResultId", "lastRunAt", "lastRunLocation", "longestRun", "nextReminderAt", "remindersSent", "runs", "shortestRun", "since", "updatedAt", "version" FROM "CheckStatus";
DROP TABLE "CheckStatus";
ALTER TABLE "new_CheckStatus" RENAME TO "CheckStatus";
CREATE INDEX "CheckStatus_accountId_condition_idx" ON "CheckStatus"("accountId", "condition");
CREATE INDEX "CheckStatus_dueAt_idx" ON "CheckStatus"("dueAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

