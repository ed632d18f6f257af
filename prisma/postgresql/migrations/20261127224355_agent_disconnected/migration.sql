-- AlterTable
ALTER TABLE "Agent" ADD COLUMN     "disconnectedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Agent_disconnectedAt_lastSeenAt_idx" ON "Agent"("disconnectedAt", "lastSeenAt");

