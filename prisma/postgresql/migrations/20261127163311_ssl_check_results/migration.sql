-- SSL checks' results (issue 29): a nullable JSON column.
ALTER TABLE "CheckResult" ADD COLUMN "sslCheckResult" JSONB;
