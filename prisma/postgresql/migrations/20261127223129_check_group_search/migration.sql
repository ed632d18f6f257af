-- checkGroups(search:) matches a part of the name in SQL, as the checks list does (search.ts):
-- the name in search form, filled from the existing rows.
-- AlterTable
ALTER TABLE "CheckGroup" ADD COLUMN     "searchName" TEXT NOT NULL DEFAULT '';

-- Backfill (search.ts: lower case, LIKE's % _ \ as characters 1, 2, 3)
UPDATE "CheckGroup" SET "searchName" = replace(replace(replace(lower("name"), '%', chr(1)), '_', chr(2)), '\', chr(3));
