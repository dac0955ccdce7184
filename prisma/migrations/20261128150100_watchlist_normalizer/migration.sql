-- The normaliser version a list's stored normalizedNames / phoneticKeys were written with: 0 for lists imported
-- before it existed, so they are re-indexed (lib/domain/watchlist/reindex-stale-lists.ts) before they are screened.
ALTER TABLE "WatchlistSource" ADD COLUMN "normalizerVersion" INTEGER NOT NULL DEFAULT 0;

-- Aliases the publisher marks as weak (UN QUALITY "Low"): stored, screened only when a workflow asks for them.
ALTER TABLE "WatchlistEntry" ADD COLUMN "weakAliases" TEXT[] DEFAULT ARRAY[]::TEXT[];
