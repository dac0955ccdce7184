-- CreateEnum
CREATE TYPE "WatchlistFormat" AS ENUM ('OFAC_SDN_XML', 'UN_CONSOLIDATED_XML', 'OPENSANCTIONS_CSV', 'OPENSANCTIONS_FTM', 'SYNTHETIC');

-- CreateEnum
CREATE TYPE "WatchlistEntityType" AS ENUM ('PERSON', 'ORGANIZATION', 'VESSEL', 'OTHER');

-- CreateTable
CREATE TABLE "WatchlistSource" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "format" "WatchlistFormat" NOT NULL,
    "accountId" UUID,
    "sourceVersion" TEXT,
    "checksum" TEXT NOT NULL,
    "entryCount" INTEGER NOT NULL,
    "importedAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WatchlistSource_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WatchlistEntry" (
    "id" UUID NOT NULL,
    "sourceId" UUID NOT NULL,
    "externalId" TEXT NOT NULL,
    "entityType" "WatchlistEntityType" NOT NULL,
    "primaryName" TEXT NOT NULL,
    "aliases" TEXT[],
    "normalizedNames" TEXT[],
    "phoneticKeys" TEXT[],
    "birthDates" TEXT[],
    "countries" TEXT[],
    "programs" TEXT[],
    "remarks" TEXT,

    CONSTRAINT "WatchlistEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "WatchlistSource_name_key" ON "WatchlistSource"("name");

-- CreateIndex
CREATE INDEX "WatchlistSource_accountId_idx" ON "WatchlistSource"("accountId");

-- CreateIndex
CREATE INDEX "WatchlistEntry_phoneticKeys_idx" ON "WatchlistEntry" USING GIN ("phoneticKeys");

-- CreateIndex
CREATE UNIQUE INDEX "WatchlistEntry_sourceId_externalId_key" ON "WatchlistEntry"("sourceId", "externalId");

-- AddForeignKey
ALTER TABLE "WatchlistEntry" ADD CONSTRAINT "WatchlistEntry_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "WatchlistSource"("id") ON DELETE CASCADE ON UPDATE CASCADE;
