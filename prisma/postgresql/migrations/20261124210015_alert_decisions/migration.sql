-- AlterTable
ALTER TABLE "CheckRun" ADD COLUMN     "sequenceSize" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "CheckStatus" ADD COLUMN     "flapping" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "recentChanges" JSONB;

