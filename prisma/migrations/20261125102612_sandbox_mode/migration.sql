-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "mode" TEXT NOT NULL DEFAULT 'live';

-- AlterTable
ALTER TABLE "Verification" ADD COLUMN     "mode" TEXT NOT NULL DEFAULT 'live';

-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "mode" TEXT NOT NULL DEFAULT 'live';
