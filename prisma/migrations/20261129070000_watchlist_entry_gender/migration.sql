-- The gender a list publisher states for an entry (M or F), weighed as evidence in screening (issue 30).
-- Nullable and additive: rows imported before this migration have none until their list is imported again.
ALTER TABLE "WatchlistEntry" ADD COLUMN "gender" TEXT;
ALTER TABLE "WatchlistEntry" ADD CONSTRAINT "WatchlistEntry_gender_check" CHECK ("gender" IN ('M', 'F'));
