-- Revisions the engine's claim reads to trust its cache of checks, groups and windows (issue 29).
-- Added in place (SQLite adds a NOT NULL column with a constant default without a rebuild): a
-- rebuild of "Check" and "Account" would copy every row for three integers.
ALTER TABLE "Account" ADD COLUMN "windowsRevision" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "CheckGroup" ADD COLUMN "revision" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Check" ADD COLUMN "revision" INTEGER NOT NULL DEFAULT 0;
