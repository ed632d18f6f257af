-- AlterTable
ALTER TABLE "StatusPage" ADD COLUMN "webhookSecret" TEXT;

-- AlterTable
ALTER TABLE "AlertNotification" ADD COLUMN "statusPageId" TEXT;
ALTER TABLE "AlertNotification" ADD COLUMN "statusPageSubscriptionId" TEXT;

-- CreateTable
CREATE TABLE "StatusPageSubscription" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "statusPageId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "confirmationSentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "StatusPageSubscription_statusPageId_fkey" FOREIGN KEY ("statusPageId") REFERENCES "StatusPage" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MaintenanceNotice" (
    "windowId" INTEGER NOT NULL,
    "occurrenceStart" DATETIME NOT NULL,
    "kind" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("windowId", "occurrenceStart", "kind"),
    CONSTRAINT "MaintenanceNotice_windowId_fkey" FOREIGN KEY ("windowId") REFERENCES "MaintenanceWindow" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ServerSecret" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "StatusPageSubscription_statusPageId_status_idx" ON "StatusPageSubscription"("statusPageId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "StatusPageSubscription_statusPageId_type_address_key" ON "StatusPageSubscription"("statusPageId", "type", "address");

