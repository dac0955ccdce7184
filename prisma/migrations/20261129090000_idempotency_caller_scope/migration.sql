-- Idempotency keys are scoped per (account, mode, caller) inside the stored key (issue 33), and an answer names the
-- verification it is about, so erasure deletes it. Additive: nullable column, new index.
ALTER TABLE "IdempotencyKey" ADD COLUMN "verificationId" UUID;
CREATE INDEX "IdempotencyKey_verificationId_idx" ON "IdempotencyKey"("verificationId");
