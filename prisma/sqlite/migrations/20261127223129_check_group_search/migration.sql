-- checkGroups(search:) matches a part of the name in SQL, as the checks list does (search.ts):
-- the name in search form, filled from the existing rows. SQLite's lower() folds ASCII only: a
-- stored name with other capitals is folded fully at its next save. LIKE's % _ \ become
-- characters 1, 2, 3. (Added in place: redefining the table would rebuild the rows checks refer to.)
ALTER TABLE "CheckGroup" ADD COLUMN "searchName" TEXT NOT NULL DEFAULT '';

-- Backfill
UPDATE "CheckGroup" SET "searchName" = replace(replace(replace(lower("name"), '%', char(1)), '_', char(2)), '\', char(3));
