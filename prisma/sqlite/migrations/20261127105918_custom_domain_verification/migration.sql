-- DropIndex
DROP INDEX "StatusPage_customDomain_key";

-- AlterTable
ALTER TABLE "StatusPage" ADD COLUMN "domainCheckedAt" DATETIME;
ALTER TABLE "StatusPage" ADD COLUMN "domainToken" TEXT;
ALTER TABLE "StatusPage" ADD COLUMN "verifiedDomain" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "StatusPage_verifiedDomain_key" ON "StatusPage"("verifiedDomain");

-- CreateIndex
CREATE INDEX "StatusPage_customDomain_idx" ON "StatusPage"("customDomain");


-- Domains set before verification existed start unverified, each with its token (issue 25).
UPDATE "StatusPage" SET "domainToken" = 'vigil-verify=' || lower(hex(randomblob(16))) WHERE "customDomain" IS NOT NULL;
