-- Issue 33: unsigned shareable links are a per-workflow switch, and a verification says whether the link that
-- started it was signed.
-- New workflows refuse unsigned links (the default of the column). Workflows that exist already accepted them and
-- keep doing so until their owner switches it off, so no link already handed out stops working on upgrade.
ALTER TABLE "Workflow" ADD COLUMN "acceptUnsignedLinks" BOOLEAN NOT NULL DEFAULT false;
UPDATE "Workflow" SET "acceptUnsignedLinks" = true;
-- null: started with an API key, true or false: started from a signed or unsigned shareable link
ALTER TABLE "Verification" ADD COLUMN "linkSigned" BOOLEAN;
