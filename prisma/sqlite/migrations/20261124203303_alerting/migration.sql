-- AlterTable
ALTER TABLE "Account" ADD COLUMN "alertSettings" JSONB;

-- CreateTable
CREATE TABLE "CheckStatus" (
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CheckStatus_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CheckStatus_checkId_fkey" FOREIGN KEY ("checkId") REFERENCES "Check" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CheckAlert" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "checkId" TEXT NOT NULL,
    "alertType" TEXT NOT NULL,
    "silenced" BOOLEAN NOT NULL DEFAULT false,
    "name" TEXT NOT NULL,
    "checkType" TEXT NOT NULL,
    "runLocation" TEXT,
    "responseTime" INTEGER,
    "error" TEXT,
    "statusCode" TEXT,
    "checkResultId" TEXT,
    "reminderSequence" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CheckAlert_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CheckAlert_checkId_fkey" FOREIGN KEY ("checkId") REFERENCES "Check" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AlertNotification" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "checkAlertId" TEXT,
    "alertChannelId" INTEGER,
    "checkId" TEXT,
    "checkResultId" TEXT,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'IN_PROGRESS',
    "request" JSONB NOT NULL,
    "tries" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME,
    "leaseUntil" DATETIME,
    "notificationResult" TEXT,
    "timestamp" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AlertNotification_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AlertNotification_checkAlertId_fkey" FOREIGN KEY ("checkAlertId") REFERENCES "CheckAlert" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AlertNotification_alertChannelId_fkey" FOREIGN KEY ("alertChannelId") REFERENCES "AlertChannel" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AlertChannel" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "accountId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "config" JSONB NOT NULL,
    "sendRecovery" BOOLEAN NOT NULL DEFAULT true,
    "sendFailure" BOOLEAN NOT NULL DEFAULT true,
    "sendDegraded" BOOLEAN NOT NULL DEFAULT false,
    "sslExpiry" BOOLEAN NOT NULL DEFAULT false,
    "sslExpiryThreshold" INTEGER NOT NULL DEFAULT 30,
    "autoSubscribe" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AlertChannel_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_AlertChannel" ("accountId", "config", "createdAt", "id", "type", "updatedAt") SELECT "accountId", "config", "createdAt", "id", "type", "updatedAt" FROM "AlertChannel";
DROP TABLE "AlertChannel";
ALTER TABLE "new_AlertChannel" RENAME TO "AlertChannel";
CREATE INDEX "AlertChannel_accountId_idx" ON "AlertChannel"("accountId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "CheckStatus_accountId_condition_idx" ON "CheckStatus"("accountId", "condition");

-- CreateIndex
CREATE INDEX "CheckStatus_dueAt_idx" ON "CheckStatus"("dueAt");

-- CreateIndex
CREATE INDEX "CheckAlert_checkId_createdAt_id_idx" ON "CheckAlert"("checkId", "createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "CheckAlert_accountId_createdAt_id_idx" ON "CheckAlert"("accountId", "createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "AlertNotification_status_nextAttemptAt_idx" ON "AlertNotification"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "AlertNotification_accountId_createdAt_id_idx" ON "AlertNotification"("accountId", "createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "AlertNotification_checkAlertId_idx" ON "AlertNotification"("checkAlertId");

-- CreateIndex
CREATE INDEX "AlertNotification_alertChannelId_idx" ON "AlertNotification"("alertChannelId");

