-- CreateEnum
CREATE TYPE "WatchlistAlertStatus" AS ENUM ('OPEN', 'DISMISSED', 'CONFIRMED');

-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "ongoingScreening" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "WatchlistRescreenJob" (
    "id" UUID NOT NULL,
    "sourceId" UUID NOT NULL,
    "isFull" BOOLEAN NOT NULL,
    "externalIds" TEXT[],
    "entryCursor" TEXT,
    "verificationCursor" UUID,
    "screened" INTEGER NOT NULL DEFAULT 0,
    "alerts" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "doneAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WatchlistRescreenJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WatchlistAlert" (
    "id" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "verificationId" UUID NOT NULL,
    "sourceId" UUID NOT NULL,
    "listName" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "entityType" TEXT NOT NULL,
    "entryName" TEXT NOT NULL,
    "matchedName" TEXT NOT NULL,
    "programs" TEXT[],
    "score" DOUBLE PRECISION NOT NULL,
    "details" JSONB NOT NULL,
    "status" "WatchlistAlertStatus" NOT NULL DEFAULT 'OPEN',
    "jobId" UUID,
    "decidedById" UUID,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WatchlistAlert_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WatchlistRescreenJob_doneAt_createdAt_idx" ON "WatchlistRescreenJob"("doneAt", "createdAt");

-- CreateIndex
CREATE INDEX "WatchlistAlert_accountId_status_createdAt_idx" ON "WatchlistAlert"("accountId", "status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "WatchlistAlert_verificationId_sourceId_externalId_key" ON "WatchlistAlert"("verificationId", "sourceId", "externalId");

-- AddForeignKey
ALTER TABLE "WatchlistAlert" ADD CONSTRAINT "WatchlistAlert_verificationId_fkey" FOREIGN KEY ("verificationId") REFERENCES "Verification"("id") ON DELETE CASCADE ON UPDATE CASCADE;
