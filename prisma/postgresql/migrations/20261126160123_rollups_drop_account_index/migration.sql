-- DropIndex
DROP INDEX "CheckRollup_accountId_hours_startHour_idx";

