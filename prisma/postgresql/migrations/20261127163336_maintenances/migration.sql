-- AlterTable
ALTER TABLE "MaintenanceWindow" ADD COLUMN     "occurrenceChanges" JSONB,
ADD COLUMN     "occurrencesUntil" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Maintenance" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "windowId" INTEGER NOT NULL,
    "slotStartsAt" TIMESTAMP(3) NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "moved" BOOLEAN NOT NULL DEFAULT false,
    "cancelled" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Maintenance_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MaintenanceUpdate" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "maintenanceId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "notifySubscribers" BOOLEAN NOT NULL DEFAULT false,
    "previousStatus" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MaintenanceUpdate_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Maintenance_windowId_startsAt_idx" ON "Maintenance"("windowId", "startsAt");

-- CreateIndex
CREATE INDEX "Maintenance_endsAt_idx" ON "Maintenance"("endsAt");

-- CreateIndex
CREATE UNIQUE INDEX "Maintenance_windowId_slotStartsAt_key" ON "Maintenance"("windowId", "slotStartsAt");

-- CreateIndex
CREATE INDEX "MaintenanceUpdate_maintenanceId_createdAt_idx" ON "MaintenanceUpdate"("maintenanceId", "createdAt");

-- AddForeignKey
ALTER TABLE "Maintenance" ADD CONSTRAINT "Maintenance_windowId_fkey" FOREIGN KEY ("windowId") REFERENCES "MaintenanceWindow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MaintenanceUpdate" ADD CONSTRAINT "MaintenanceUpdate_maintenanceId_fkey" FOREIGN KEY ("maintenanceId") REFERENCES "Maintenance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

