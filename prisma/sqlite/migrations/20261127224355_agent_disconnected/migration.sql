-- AlterTable
ALTER TABLE "Agent" ADD COLUMN "disconnectedAt" DATETIME;

-- CreateIndex
CREATE INDEX "Agent_disconnectedAt_lastSeenAt_idx" ON "Agent"("disconnectedAt", "lastSeenAt");

