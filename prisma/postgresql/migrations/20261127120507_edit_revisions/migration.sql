-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "windowsRevision" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "CheckGroup" ADD COLUMN     "revision" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Check" ADD COLUMN     "revision" INTEGER NOT NULL DEFAULT 0;

