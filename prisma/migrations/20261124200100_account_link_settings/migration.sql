-- shareable links may redirect only to the account's hosts, and the verify page may be framed only by its origins (issue 12)
ALTER TABLE "Account" ADD COLUMN "allowedRedirectHosts" TEXT[] DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "Account" ADD COLUMN "allowedFrameOrigins" TEXT[] DEFAULT ARRAY[]::TEXT[];
