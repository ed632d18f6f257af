-- CheckRollup clustered by its primary key (WITHOUT ROWID): a check's rollup rows of a span lie
-- together on a few pages, where a rowid table kept them in the order they were first written
-- (every check's hour interleaved), so that a 90-day report of 1,000 checks read a page per row.
-- SQLite only: PostgreSQL reads rows by its index either way. Prisma's schema cannot say WITHOUT
-- ROWID; the columns, keys and indexes are those of prisma/models.prisma.
CREATE TABLE "new_CheckRollup" (
    "checkId" TEXT NOT NULL,
    "location" TEXT NOT NULL,
    "hours" INTEGER NOT NULL,
    "startHour" INTEGER NOT NULL,
    "accountId" TEXT NOT NULL,
    "runs" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "degraded" INTEGER NOT NULL DEFAULT 0,
    "errors" INTEGER NOT NULL DEFAULT 0,
    "responseTimeSum" REAL NOT NULL DEFAULT 0,
    "responseTimeMin" INTEGER NOT NULL DEFAULT 0,
    "responseTimeMax" INTEGER NOT NULL DEFAULT 0,
    "sketch" TEXT NOT NULL DEFAULT '',

    PRIMARY KEY ("checkId", "hours", "startHour", "location"),
    CONSTRAINT "CheckRollup_checkId_fkey" FOREIGN KEY ("checkId") REFERENCES "Check" ("id") ON DELETE CASCADE ON UPDATE CASCADE
) WITHOUT ROWID;
INSERT INTO "new_CheckRollup" ("checkId", "location", "hours", "startHour", "accountId", "runs", "failed", "degraded", "errors", "responseTimeSum", "responseTimeMin", "responseTimeMax", "sketch")
SELECT "checkId", "location", "hours", "startHour", "accountId", "runs", "failed", "degraded", "errors", "responseTimeSum", "responseTimeMin", "responseTimeMax", "sketch" FROM "CheckRollup";
DROP TABLE "CheckRollup";
ALTER TABLE "new_CheckRollup" RENAME TO "CheckRollup";

-- CreateIndex
CREATE INDEX "CheckRollup_accountId_hours_startHour_idx" ON "CheckRollup"("accountId", "hours", "startHour");

-- CreateIndex
CREATE INDEX "CheckRollup_hours_startHour_idx" ON "CheckRollup"("hours", "startHour");
