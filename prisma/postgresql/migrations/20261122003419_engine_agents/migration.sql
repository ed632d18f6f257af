-- AlterTable
ALTER TABLE "CheckRun" ADD COLUMN     "groupId" INTEGER,
ADD COLUMN     "scheduleKey" TEXT;

-- CreateTable
CREATE TABLE "Agent" (
    "id" TEXT NOT NULL,
    "privateLocationId" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "runtimeVersion" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Agent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SchedulerState" (
    "id" TEXT NOT NULL,
    "plannedUntil" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SchedulerState_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Agent_privateLocationId_lastSeenAt_idx" ON "Agent"("privateLocationId", "lastSeenAt");

-- CreateIndex
CREATE UNIQUE INDEX "CheckRun_scheduleKey_key" ON "CheckRun"("scheduleKey");

-- AddForeignKey
ALTER TABLE "Agent" ADD CONSTRAINT "Agent_privateLocationId_fkey" FOREIGN KEY ("privateLocationId") REFERENCES "PrivateLocation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

