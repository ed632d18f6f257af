-- CreateTable
CREATE TABLE "Account" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "name" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    CONSTRAINT "ApiKey_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PrivateLocation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "slugName" TEXT NOT NULL,
    "icon" TEXT,
    "lastSeenAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PrivateLocation_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AgentKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "privateLocationId" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "maskedKey" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    CONSTRAINT "AgentKey_privateLocationId_fkey" FOREIGN KEY ("privateLocationId") REFERENCES "PrivateLocation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AgentErrorReport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "privateLocationId" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "stack" TEXT,
    "agentVersion" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "runtimeVersion" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AgentErrorReport_privateLocationId_fkey" FOREIGN KEY ("privateLocationId") REFERENCES "PrivateLocation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CheckGroup" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "activated" BOOLEAN NOT NULL DEFAULT true,
    "muted" BOOLEAN NOT NULL DEFAULT false,
    "tags" JSONB NOT NULL,
    "locations" JSONB NOT NULL,
    "concurrency" INTEGER NOT NULL DEFAULT 3,
    "apiCheckDefaults" JSONB NOT NULL,
    "browserCheckDefaults" JSONB,
    "runtimeId" TEXT,
    "environmentVariables" JSONB,
    "doubleCheck" BOOLEAN NOT NULL DEFAULT true,
    "useGlobalAlertSettings" BOOLEAN DEFAULT true,
    "alertSettings" JSONB,
    "setupSnippetId" INTEGER,
    "tearDownSnippetId" INTEGER,
    "localSetupScript" TEXT,
    "localTearDownScript" TEXT,
    "privateLocations" JSONB,
    "runParallel" BOOLEAN DEFAULT false,
    "retryStrategy" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME,
    CONSTRAINT "CheckGroup_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Check" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "checkType" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "activated" BOOLEAN NOT NULL DEFAULT true,
    "muted" BOOLEAN NOT NULL DEFAULT false,
    "doubleCheck" BOOLEAN NOT NULL DEFAULT false,
    "shouldFail" BOOLEAN NOT NULL DEFAULT false,
    "locations" JSONB NOT NULL,
    "tags" JSONB NOT NULL,
    "alertSettings" JSONB,
    "useGlobalAlertSettings" BOOLEAN NOT NULL DEFAULT true,
    "groupId" INTEGER,
    "groupOrder" INTEGER,
    "runtimeId" TEXT,
    "retryStrategy" JSONB,
    "triggerIncident" JSONB,
    "runParallel" BOOLEAN NOT NULL DEFAULT false,
    "description" TEXT,
    "frequency" INTEGER NOT NULL DEFAULT 10,
    "frequencyOffset" INTEGER,
    "request" JSONB,
    "heartbeat" JSONB,
    "script" TEXT,
    "scriptPath" TEXT,
    "environmentVariables" JSONB,
    "setupSnippetId" INTEGER,
    "tearDownSnippetId" INTEGER,
    "localSetupScript" TEXT,
    "localTearDownScript" TEXT,
    "degradedResponseTime" INTEGER,
    "maxResponseTime" INTEGER,
    "privateLocations" JSONB,
    "dependencies" JSONB,
    "settings" JSONB,
    "pingToken" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME,
    CONSTRAINT "Check_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Check_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "CheckGroup" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AlertChannel" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "accountId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "config" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AlertChannel_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AlertChannelSubscription" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "alertChannelId" INTEGER NOT NULL,
    "checkId" TEXT,
    "groupId" INTEGER,
    "activated" BOOLEAN NOT NULL DEFAULT true,
    CONSTRAINT "AlertChannelSubscription_alertChannelId_fkey" FOREIGN KEY ("alertChannelId") REFERENCES "AlertChannel" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AlertChannelSubscription_checkId_fkey" FOREIGN KEY ("checkId") REFERENCES "Check" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AlertChannelSubscription_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "CheckGroup" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MaintenanceWindow" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "startsAt" DATETIME NOT NULL,
    "endsAt" DATETIME NOT NULL,
    "repeatUnit" TEXT NOT NULL,
    "repeatInterval" INTEGER,
    "repeatEndsAt" DATETIME,
    "timezone" TEXT,
    "tags" JSONB NOT NULL,
    "pauseAllChecks" BOOLEAN NOT NULL DEFAULT false,
    "silenceAlertsTags" JSONB NOT NULL,
    "silenceAllAlerts" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME,
    CONSTRAINT "MaintenanceWindow_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CheckSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "name" TEXT,
    "status" TEXT NOT NULL DEFAULT 'STARTED',
    "target" JSONB NOT NULL,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "stoppedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CheckSession_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CheckRun" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "accountId" TEXT NOT NULL,
    "checkId" TEXT NOT NULL,
    "sessionId" TEXT,
    "location" TEXT,
    "privateLocationId" TEXT,
    "sequenceId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'QUEUED',
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "dueAt" DATETIME NOT NULL,
    "leaseOwner" TEXT,
    "leaseExpiresAt" DATETIME,
    "claimedAt" DATETIME,
    "finishedAt" DATETIME,
    "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CheckRun_checkId_fkey" FOREIGN KEY ("checkId") REFERENCES "Check" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CheckRun_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "CheckSession" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CheckRun_privateLocationId_fkey" FOREIGN KEY ("privateLocationId") REFERENCES "PrivateLocation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CheckResult" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "checkId" TEXT NOT NULL,
    "checkRunId" INTEGER,
    "sessionId" TEXT,
    "name" TEXT NOT NULL,
    "checkType" TEXT NOT NULL,
    "resultType" TEXT NOT NULL DEFAULT 'FINAL',
    "hasFailures" BOOLEAN NOT NULL DEFAULT false,
    "hasErrors" BOOLEAN NOT NULL DEFAULT false,
    "isDegraded" BOOLEAN,
    "isCancelled" BOOLEAN NOT NULL DEFAULT false,
    "overMaxResponseTime" BOOLEAN,
    "runLocation" TEXT NOT NULL,
    "startedAt" DATETIME NOT NULL,
    "stoppedAt" DATETIME,
    "responseTime" INTEGER NOT NULL DEFAULT 0,
    "apiCheckResult" JSONB,
    "browserCheckResult" JSONB,
    "multiStepCheckResult" JSONB,
    "agenticCheckResult" JSONB,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "sequenceId" TEXT,
    "errorGroupIds" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CheckResult_checkId_fkey" FOREIGN KEY ("checkId") REFERENCES "Check" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CheckResult_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "CheckSession" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StatusPage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT,
    "customDomain" TEXT,
    "logo" TEXT,
    "redirectTo" TEXT,
    "favicon" TEXT,
    "defaultTheme" TEXT NOT NULL DEFAULT 'AUTO',
    "isPrivate" BOOLEAN NOT NULL DEFAULT false,
    "themeColors" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "StatusPage_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StatusPageCard" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "statusPageId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "StatusPageCard_statusPageId_fkey" FOREIGN KEY ("statusPageId") REFERENCES "StatusPage" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StatusPageService" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "StatusPageService_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StatusPageCardService" (
    "cardId" TEXT NOT NULL,
    "serviceId" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("cardId", "serviceId"),
    CONSTRAINT "StatusPageCardService_cardId_fkey" FOREIGN KEY ("cardId") REFERENCES "StatusPageCard" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "StatusPageCardService_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "StatusPageService" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StatusPageKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "statusPageId" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "maskedKey" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "StatusPageKey_statusPageId_fkey" FOREIGN KEY ("statusPageId") REFERENCES "StatusPage" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Incident" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Incident_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "IncidentService" (
    "incidentId" TEXT NOT NULL,
    "serviceId" TEXT NOT NULL,

    PRIMARY KEY ("incidentId", "serviceId"),
    CONSTRAINT "IncidentService_incidentId_fkey" FOREIGN KEY ("incidentId") REFERENCES "Incident" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "IncidentService_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "StatusPageService" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "IncidentUpdate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "incidentId" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "publicIncidentUpdateDate" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "notifySubscribers" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "IncidentUpdate_incidentId_fkey" FOREIGN KEY ("incidentId") REFERENCES "Incident" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "HeartbeatEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "checkId" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "timestamp" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "source" TEXT,
    "userAgent" TEXT,
    CONSTRAINT "HeartbeatEvent_checkId_fkey" FOREIGN KEY ("checkId") REFERENCES "Check" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");

-- CreateIndex
CREATE INDEX "ApiKey_accountId_idx" ON "ApiKey"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "PrivateLocation_accountId_slugName_key" ON "PrivateLocation"("accountId", "slugName");

-- CreateIndex
CREATE UNIQUE INDEX "AgentKey_keyHash_key" ON "AgentKey"("keyHash");

-- CreateIndex
CREATE INDEX "AgentKey_privateLocationId_idx" ON "AgentKey"("privateLocationId");

-- CreateIndex
CREATE INDEX "AgentErrorReport_privateLocationId_createdAt_idx" ON "AgentErrorReport"("privateLocationId", "createdAt");

-- CreateIndex
CREATE INDEX "CheckGroup_accountId_id_idx" ON "CheckGroup"("accountId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Check_pingToken_key" ON "Check"("pingToken");

-- CreateIndex
CREATE INDEX "Check_accountId_createdAt_idx" ON "Check"("accountId", "createdAt");

-- CreateIndex
CREATE INDEX "Check_groupId_idx" ON "Check"("groupId");

-- CreateIndex
CREATE INDEX "AlertChannel_accountId_idx" ON "AlertChannel"("accountId");

-- CreateIndex
CREATE INDEX "AlertChannelSubscription_checkId_idx" ON "AlertChannelSubscription"("checkId");

-- CreateIndex
CREATE INDEX "AlertChannelSubscription_groupId_idx" ON "AlertChannelSubscription"("groupId");

-- CreateIndex
CREATE UNIQUE INDEX "AlertChannelSubscription_alertChannelId_checkId_key" ON "AlertChannelSubscription"("alertChannelId", "checkId");

-- CreateIndex
CREATE UNIQUE INDEX "AlertChannelSubscription_alertChannelId_groupId_key" ON "AlertChannelSubscription"("alertChannelId", "groupId");

-- CreateIndex
CREATE INDEX "MaintenanceWindow_accountId_id_idx" ON "MaintenanceWindow"("accountId", "id");

-- CreateIndex
CREATE INDEX "CheckSession_accountId_createdAt_idx" ON "CheckSession"("accountId", "createdAt");

-- CreateIndex
CREATE INDEX "CheckRun_status_dueAt_idx" ON "CheckRun"("status", "dueAt");

-- CreateIndex
CREATE INDEX "CheckRun_privateLocationId_status_dueAt_idx" ON "CheckRun"("privateLocationId", "status", "dueAt");

-- CreateIndex
CREATE INDEX "CheckRun_sessionId_idx" ON "CheckRun"("sessionId");

-- CreateIndex
CREATE INDEX "CheckRun_checkId_dueAt_idx" ON "CheckRun"("checkId", "dueAt");

-- CreateIndex
CREATE INDEX "CheckResult_checkId_startedAt_id_idx" ON "CheckResult"("checkId", "startedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "CheckResult_sessionId_idx" ON "CheckResult"("sessionId");

-- CreateIndex
CREATE INDEX "CheckResult_sequenceId_idx" ON "CheckResult"("sequenceId");

-- CreateIndex
CREATE UNIQUE INDEX "StatusPage_url_key" ON "StatusPage"("url");

-- CreateIndex
CREATE UNIQUE INDEX "StatusPage_customDomain_key" ON "StatusPage"("customDomain");

-- CreateIndex
CREATE INDEX "StatusPage_accountId_createdAt_id_idx" ON "StatusPage"("accountId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "StatusPageCard_statusPageId_position_idx" ON "StatusPageCard"("statusPageId", "position");

-- CreateIndex
CREATE INDEX "StatusPageService_accountId_createdAt_idx" ON "StatusPageService"("accountId", "createdAt");

-- CreateIndex
CREATE INDEX "StatusPageCardService_serviceId_idx" ON "StatusPageCardService"("serviceId");

-- CreateIndex
CREATE UNIQUE INDEX "StatusPageKey_keyHash_key" ON "StatusPageKey"("keyHash");

-- CreateIndex
CREATE INDEX "StatusPageKey_statusPageId_idx" ON "StatusPageKey"("statusPageId");

-- CreateIndex
CREATE INDEX "Incident_accountId_createdAt_id_idx" ON "Incident"("accountId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "IncidentService_serviceId_idx" ON "IncidentService"("serviceId");

-- CreateIndex
CREATE INDEX "IncidentUpdate_incidentId_publicIncidentUpdateDate_createdAt_idx" ON "IncidentUpdate"("incidentId", "publicIncidentUpdateDate" DESC, "createdAt" DESC);

-- CreateIndex
CREATE INDEX "HeartbeatEvent_checkId_timestamp_idx" ON "HeartbeatEvent"("checkId", "timestamp" DESC);

