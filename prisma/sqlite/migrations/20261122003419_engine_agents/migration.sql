-- AlterTable
ALTER TABLE "CheckRun" ADD COLUMN "groupId" INTEGER;
ALTER TABLE "CheckRun" ADD COLUMN "scheduleKey" TEXT;

-- CreateTable
CREATE TABLE "Agent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "privateLocationId" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "runtimeVersion" TEXT NOT NULL,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" DATETIME NOT NULL,
    CONSTRAINT "Agent_privateLocationId_fkey" FOREIGN KEY ("privateLocationId") REFERENCES "PrivateLocation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SchedulerState" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "plannedUntil" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "Agent_privateLocationId_lastSeenAt_idx" ON "Agent"("privateLocationId", "lastSeenAt");

-- CreateIndex
CREATE UNIQUE INDEX "CheckRun_scheduleKey_key" ON "CheckRun"("scheduleKey");

