-- DropIndex
DROP INDEX "AlertNotification_alertChannelId_idx";

-- CreateIndex
CREATE INDEX "AlertNotification_alertChannelId_createdAt_idx" ON "AlertNotification"("alertChannelId", "createdAt");

