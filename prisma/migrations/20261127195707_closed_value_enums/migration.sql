-- Closed-value text columns become enums (issue 29). Each column is converted in place (USING col::"Enum"): its
-- data, NOT NULL and indexes stay, and the stored strings are the same ('live', 'DOCUMENT_VERIFICATION', ...), so
-- the API and webhooks answer as before. Each ALTER rewrites its table under an ACCESS EXCLUSIVE lock
-- (docs/operations.md). One transaction, because the schema engine runs the statements one by one: a value outside
-- an enum would otherwise stop the migration halfway with some columns converted. With it nothing changes.
-- No semicolon in comments here: the driver adapter splits the script on every semicolon.
BEGIN;

-- CreateEnum
CREATE TYPE "DataMode" AS ENUM ('live', 'test');

-- CreateEnum
CREATE TYPE "ProcessType" AS ENUM ('DOCUMENT_VERIFICATION', 'LIVENESS', 'LOCATION_INTELLIGENCE', 'EMAIL_CHECK', 'WATCHLIST_CHECK', 'VIDEO_AGREEMENT', 'ADDRESS_VERIFICATION');

-- CreateEnum
CREATE TYPE "SettingType" AS ENUM ('BOOLEAN', 'STRING', 'NUMBER', 'ENUM', 'STRING_ARRAY');

-- AlterTable: the text default cannot be cast with the column, so it is dropped and set again
ALTER TABLE "ApiKey" ALTER COLUMN "mode" DROP DEFAULT,
ALTER COLUMN "mode" TYPE "DataMode" USING "mode"::"DataMode",
ALTER COLUMN "mode" SET DEFAULT 'live';

-- AlterTable
ALTER TABLE "Verification" ALTER COLUMN "mode" DROP DEFAULT,
ALTER COLUMN "mode" TYPE "DataMode" USING "mode"::"DataMode",
ALTER COLUMN "mode" SET DEFAULT 'live';

-- AlterTable
ALTER TABLE "WebhookEndpoint" ALTER COLUMN "mode" DROP DEFAULT,
ALTER COLUMN "mode" TYPE "DataMode" USING "mode"::"DataMode",
ALTER COLUMN "mode" SET DEFAULT 'live';

-- AlterTable
ALTER TABLE "VerificationStep" ALTER COLUMN "processType" TYPE "ProcessType" USING "processType"::"ProcessType";

-- AlterTable
ALTER TABLE "WorkflowSetting" ALTER COLUMN "type" TYPE "SettingType" USING "type"::"SettingType";

-- AlterTable: copied from WatchlistEntry."entityType", already this enum
ALTER TABLE "WatchlistAlert" ALTER COLUMN "entityType" TYPE "WatchlistEntityType" USING "entityType"::"WatchlistEntityType";

COMMIT;
