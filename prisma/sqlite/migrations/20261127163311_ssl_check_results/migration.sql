-- SSL checks' results (issue 29): a nullable JSON column, added in place (no table rebuild).
ALTER TABLE "CheckResult" ADD COLUMN "sslCheckResult" JSONB;
