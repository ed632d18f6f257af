-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "alertSettings" JSONB;

-- AlterTable
ALTER TABLE "AlertChannel" ADD COLUMN     "autoSubscribe" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "sendDegraded" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "sendFailure" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "sendRecovery" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "sslExpiry" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "sslExpiryThreshold" INTEGER NOT NULL DEFAULT 30;

-- CreateTable
CREATE TABLE "CheckStatus" (
    "checkId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "condition" TEXT NOT NULL DEFAULT 'PASSING',
    "since" TIMESTAMP(3),
    "runs" INTEGER NOT NULL DEFAULT 0,
    "alerted" TEXT NOT NULL DEFAULT 'NONE',
    "failureAlerted" BOOLEAN NOT NULL DEFAULT false,
    "episodeSilenced" BOOLEAN NOT NULL DEFAULT false,
    "beganInWindow" BOOLEAN NOT NULL DEFAULT false,
    "remindersSent" INTEGER NOT NULL DEFAULT 0,
    "nextReminderAt" TIMESTAMP(3),
    "dueAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 0,
    "hasFailures" BOOLEAN NOT NULL DEFAULT false,
    "hasErrors" BOOLEAN NOT NULL DEFAULT false,
    "isDegraded" BOOLEAN NOT NULL DEFAULT false,
    "longestRun" INTEGER,
    "shortestRun" INTEGER,
    "lastRunLocation" TEXT,
    "lastCheckRunId" INTEGER,
    "lastResultId" TEXT,
    "lastRunAt" TIMESTAMP(3),
    "incidentId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CheckStatus_pkey" PRIMARY KEY ("checkId")
);

-- CreateTable
CREATE TABLE "CheckAlert" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CheckAlert_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AlertNotification" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "checkAlertId" TEXT,
    "alertChannelId" INTEGER,
    "checkId" TEXT,
    "checkResultId" TEXT,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'IN_PROGRESS',
    "request" JSONB NOT NULL,
    "tries" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3),
    "leaseUntil" TIMESTAMP(3),
    "notificationResult" TEXT,
    "timestamp" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AlertNotification_pkey" PRIMARY KEY ("id")
);

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

-- AddForeignKey
ALTER TABLE "CheckStatus" ADD CONSTRAINT "CheckStatus_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CheckStatus" ADD CONSTRAINT "CheckStatus_checkId_fkey" FOREIGN KEY ("checkId") REFERENCES "Check"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CheckAlert" ADD CONSTRAINT "CheckAlert_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CheckAlert" ADD CONSTRAINT "CheckAlert_checkId_fkey" FOREIGN KEY ("checkId") REFERENCES "Check"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertNotification" ADD CONSTRAINT "AlertNotification_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertNotification" ADD CONSTRAINT "AlertNotification_checkAlertId_fkey" FOREIGN KEY ("checkAlertId") REFERENCES "CheckAlert"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertNotification" ADD CONSTRAINT "AlertNotification_alertChannelId_fkey" FOREIGN KEY ("alertChannelId") REFERENCES "AlertChannel"("id") ON DELETE SET NULL ON UPDATE CASCADE;

