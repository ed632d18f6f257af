-- CreateTable
CREATE TABLE "CheckRollup" (
    "checkId" TEXT NOT NULL,
    "location" TEXT NOT NULL,
    "hours" INTEGER NOT NULL,
    "startHour" INTEGER NOT NULL,
    "accountId" TEXT NOT NULL,
    "runs" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "degraded" INTEGER NOT NULL DEFAULT 0,
    "errors" INTEGER NOT NULL DEFAULT 0,
    "responseTimeSum" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "responseTimeMin" INTEGER NOT NULL DEFAULT 0,
    "responseTimeMax" INTEGER NOT NULL DEFAULT 0,
    "sketch" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "CheckRollup_pkey" PRIMARY KEY ("checkId","hours","startHour","location")
);

-- CreateIndex
CREATE INDEX "CheckRollup_accountId_hours_startHour_idx" ON "CheckRollup"("accountId", "hours", "startHour");

-- CreateIndex
CREATE INDEX "CheckRollup_hours_startHour_idx" ON "CheckRollup"("hours", "startHour");

-- CreateIndex
CREATE INDEX "CheckResult_startedAt_idx" ON "CheckResult"("startedAt");

-- CreateIndex
CREATE INDEX "HeartbeatEvent_timestamp_idx" ON "HeartbeatEvent"("timestamp");

-- CreateIndex
CREATE INDEX "CheckAlert_createdAt_idx" ON "CheckAlert"("createdAt");

-- CreateIndex
CREATE INDEX "AlertNotification_createdAt_idx" ON "AlertNotification"("createdAt");

-- AddForeignKey
ALTER TABLE "CheckRollup" ADD CONSTRAINT "CheckRollup_checkId_fkey" FOREIGN KEY ("checkId") REFERENCES "Check"("id") ON DELETE CASCADE ON UPDATE CASCADE;

