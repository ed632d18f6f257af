-- The figures analytics need beyond the rollup's columns (issue 29), on hourly rows. Added in place
-- (SQLite adds a NOT NULL column with a constant default without a rebuild): a rebuild would copy
-- every rollup row and lose the table's WITHOUT ROWID clustering.
ALTER TABLE "CheckRollup" ADD COLUMN "analytics" TEXT NOT NULL DEFAULT '';
