-- AlterTable
ALTER TABLE "MaintenanceWindow" ADD COLUMN "occurrenceChanges" JSONB;
ALTER TABLE "MaintenanceWindow" ADD COLUMN "occurrencesUntil" DATETIME;

-- CreateTable
CREATE TABLE "Maintenance" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "windowId" INTEGER NOT NULL,
    "slotStartsAt" DATETIME NOT NULL,
    "startsAt" DATETIME NOT NULL,
    "endsAt" DATETIME NOT NULL,
    "moved" BOOLEAN NOT NULL DEFAULT false,
    "cancelled" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Maintenance_windowId_fkey" FOREIGN KEY ("windowId") REFERENCES "MaintenanceWindow" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MaintenanceUpdate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "maintenanceId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "notifySubscribers" BOOLEAN NOT NULL DEFAULT false,
    "previousStatus" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "MaintenanceUpdate_maintenanceId_fkey" FOREIGN KEY ("maintenanceId") REFERENCES "Maintenance" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Maintenance_windowId_startsAt_idx" ON "Maintenance"("windowId", "startsAt");

-- CreateIndex
CREATE INDEX "Maintenance_endsAt_idx" ON "Maintenance"("endsAt");

-- CreateIndex
CREATE UNIQUE INDEX "Maintenance_windowId_slotStartsAt_key" ON "Maintenance"("windowId", "slotStartsAt");

-- CreateIndex
CREATE INDEX "MaintenanceUpdate_maintenanceId_createdAt_idx" ON "MaintenanceUpdate"("maintenanceId", "createdAt");

