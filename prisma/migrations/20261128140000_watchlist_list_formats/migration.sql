-- More published list formats for `npm run watchlist:import` (issue 30): OFAC's legacy SDN CSV and SDN_ADVANCED.XML,
-- the EU Financial Sanctions Files XML, the FCDO's UK Sanctions List XML and trade.gov's Consolidated Screening List.
ALTER TYPE "WatchlistFormat" ADD VALUE 'OFAC_SDN_CSV';
ALTER TYPE "WatchlistFormat" ADD VALUE 'OFAC_SDN_ADVANCED_XML';
ALTER TYPE "WatchlistFormat" ADD VALUE 'EU_FSF_XML';
ALTER TYPE "WatchlistFormat" ADD VALUE 'UK_SANCTIONS_LIST_XML';
ALTER TYPE "WatchlistFormat" ADD VALUE 'US_CSL_CSV';
