-- AlterTable
ALTER TABLE "CheckRollup" ADD COLUMN     "analytics" TEXT NOT NULL DEFAULT '';

