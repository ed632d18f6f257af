-- AlterTable
ALTER TABLE "StatusPage" ADD COLUMN     "webhookSecret" TEXT;

-- AlterTable
ALTER TABLE "AlertNotification" ADD COLUMN     "statusPageId" TEXT,
ADD COLUMN     "statusPageSubscriptionId" TEXT;

-- CreateTable
CREATE TABLE "StatusPageSubscription" (
    "id" TEXT NOT NULL,
    "statusPageId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "confirmationSentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StatusPageSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MaintenanceNotice" (
    "windowId" INTEGER NOT NULL,
    "occurrenceStart" TIMESTAMP(3) NOT NULL,
    "kind" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MaintenanceNotice_pkey" PRIMARY KEY ("windowId","occurrenceStart","kind")
);

-- CreateTable
CREATE TABLE "ServerSecret" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ServerSecret_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "StatusPageSubscription_statusPageId_status_idx" ON "StatusPageSubscription"("statusPageId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "StatusPageSubscription_statusPageId_type_address_key" ON "StatusPageSubscription"("statusPageId", "type", "address");

-- AddForeignKey
ALTER TABLE "StatusPageSubscription" ADD CONSTRAINT "StatusPageSubscription_statusPageId_fkey" FOREIGN KEY ("statusPageId") REFERENCES "StatusPage"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MaintenanceNotice" ADD CONSTRAINT "MaintenanceNotice_windowId_fkey" FOREIGN KEY ("windowId") REFERENCES "MaintenanceWindow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

