-- /outbox shows a dashboard user only their account's mail (issue 12)
ALTER TABLE "OutboxEmail" ADD COLUMN "accountId" UUID;
CREATE INDEX "OutboxEmail_accountId_createdAt_idx" ON "OutboxEmail"("accountId", "createdAt");
