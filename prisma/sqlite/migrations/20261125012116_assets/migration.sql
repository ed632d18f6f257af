-- CreateTable
CREATE TABLE "CheckResultAsset" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "checkId" TEXT NOT NULL,
    "checkResultId" TEXT NOT NULL,
    "checkRunId" INTEGER,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "storageKey" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "CheckResultAsset_checkRunId_idx" ON "CheckResultAsset"("checkRunId");

-- CreateIndex
CREATE INDEX "CheckResultAsset_checkId_idx" ON "CheckResultAsset"("checkId");

-- CreateIndex
CREATE UNIQUE INDEX "CheckResultAsset_checkResultId_name_key" ON "CheckResultAsset"("checkResultId", "name");

