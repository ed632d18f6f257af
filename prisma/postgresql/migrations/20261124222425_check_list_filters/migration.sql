-- AlterTable
ALTER TABLE "Check" ADD COLUMN     "searchName" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "searchUrl" TEXT;

-- CreateTable
CREATE TABLE "CheckTag" (
    "checkId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "tag" TEXT NOT NULL,

    CONSTRAINT "CheckTag_pkey" PRIMARY KEY ("checkId","tag")
);

-- CreateIndex
CREATE INDEX "CheckTag_accountId_tag_idx" ON "CheckTag"("accountId", "tag");

-- AddForeignKey
ALTER TABLE "CheckTag" ADD CONSTRAINT "CheckTag_checkId_fkey" FOREIGN KEY ("checkId") REFERENCES "Check"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Backfill (search.ts: lower case, LIKE's % _ \ as characters 1, 2, 3)
UPDATE "Check" SET
    "searchName" = replace(replace(replace(lower("name"), '%', chr(1)), '_', chr(2)), '\', chr(3)),
    "searchUrl" = CASE WHEN "checkType" = 'API' AND jsonb_typeof("request" -> 'url') = 'string' THEN replace(replace(replace(lower("request" ->> 'url'), '%', chr(1)), '_', chr(2)), '\', chr(3)) END;
INSERT INTO "CheckTag" ("checkId", "accountId", "tag")
    SELECT DISTINCT c."id", c."accountId", t.value #>> '{}'
    FROM "Check" c CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(c."tags") = 'array' THEN c."tags" ELSE '[]'::jsonb END) AS t(value)
    WHERE jsonb_typeof(t.value) = 'string';
