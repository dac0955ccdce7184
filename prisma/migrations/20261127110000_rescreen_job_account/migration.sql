-- AlterTable: a re-screening job may be scoped to one account (its baseline screening when it opts in)
ALTER TABLE "WatchlistRescreenJob" ADD COLUMN     "accountId" UUID;
