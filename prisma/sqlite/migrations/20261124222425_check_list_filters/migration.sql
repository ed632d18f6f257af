-- The checks list filters in SQL (tag, search, API URL): additive columns and a tag table,
-- filled from the existing rows. SQLite's lower() folds ASCII only: a stored name with other
-- capitals is folded fully at its next save. LIKE's % _ \ become characters 1, 2, 3 (search.ts).
ALTER TABLE "Check" ADD COLUMN "searchName" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Check" ADD COLUMN "searchUrl" TEXT;

-- CreateTable
CREATE TABLE "CheckTag" (
    "checkId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "tag" TEXT NOT NULL,

    PRIMARY KEY ("checkId", "tag"),
    CONSTRAINT "CheckTag_checkId_fkey" FOREIGN KEY ("checkId") REFERENCES "Check" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "CheckTag_accountId_tag_idx" ON "CheckTag"("accountId", "tag");

-- Backfill
UPDATE "Check" SET
    "searchName" = replace(replace(replace(lower("name"), '%', char(1)), '_', char(2)), '\', char(3)),
    "searchUrl" = CASE WHEN "checkType" = 'API' AND json_type("request", '$.url') = 'text' THEN replace(replace(replace(lower(json_extract("request", '$.url')), '%', char(1)), '_', char(2)), '\', char(3)) END;
INSERT OR IGNORE INTO "CheckTag" ("checkId", "accountId", "tag")
    SELECT c."id", c."accountId", t."value" FROM "Check" c, json_each(c."tags") t WHERE t."type" = 'text';

-- SQLite only: the search columns come after the (possibly 256 KiB) request in the row, so testing
-- them on the table reads every row's overflow pages. The account's index by creation time also
-- carries them (same name, same leading columns, so every query that used it still does), and the
-- filter is tested on the index before a row is read. PostgreSQL keeps large values out of line,
-- and its index entries could not hold a 2,048-character URL: there the index stays as declared.
DROP INDEX "Check_accountId_createdAt_idx";
CREATE INDEX "Check_accountId_createdAt_idx" ON "Check"("accountId", "createdAt", "searchName", "searchUrl");
