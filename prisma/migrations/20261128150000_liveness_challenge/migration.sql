-- The LIVENESS challenge drawn for a verification when its workflow's LIVENESS_CHALLENGE is RANDOM (issue 31),
-- as {"type": "TURN_HEAD_RIGHT_LEFT", "nonce": "…"}, NULL for every other verification. Adding a nullable column
-- without a default only changes the catalog (no table rewrite).
ALTER TABLE "Verification" ADD COLUMN "livenessChallenge" JSONB;
