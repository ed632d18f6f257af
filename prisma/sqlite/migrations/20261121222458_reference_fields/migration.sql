-- AlterTable
ALTER TABLE "PrivateLocation" ADD COLUMN "proxyUrl" TEXT;

-- AlterTable
ALTER TABLE "MaintenanceWindow" ADD COLUMN "statusPageVisibility" JSONB;

-- AlterTable
ALTER TABLE "StatusPage" ADD COLUMN "logoDark" TEXT;
ALTER TABLE "StatusPage" ADD COLUMN "version" TEXT;

