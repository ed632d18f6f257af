-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN "last4" TEXT;
ALTER TABLE "ApiKey" ADD COLUMN "revokedAt" DATETIME;

-- CreateIndex
CREATE INDEX "ApiKey_revokedAt_idx" ON "ApiKey"("revokedAt");

