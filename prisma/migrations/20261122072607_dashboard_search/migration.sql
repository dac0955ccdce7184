-- Dashboard: filters of the verifications list (keyset pagination on (createdAt, id) within one filter value)
CREATE INDEX "Verification_accountId_status_createdAt_id_idx" ON "Verification"("accountId", "status", "createdAt" DESC, "id");
CREATE INDEX "Verification_accountId_result_createdAt_id_idx" ON "Verification"("accountId", "result", "createdAt" DESC, "id");

-- Text search of the list (lib/domain/verifications/list-verifications.ts). Expression and partial indexes: Prisma's schema
-- cannot express them, so they live here only (schema.prisma says so next to the model).
-- metadata.reference: prefix match (LIKE 'abc%'), case-sensitive as integrators send it
CREATE INDEX "Verification_reference_idx" ON "Verification"("accountId", ("metadata" ->> 'reference') text_pattern_ops);
-- metadata.email: equality on the lower-cased address
CREATE INDEX "Verification_metadata_email_idx" ON "Verification"("accountId", lower("metadata" ->> 'email'));
-- the EMAIL input of EMAIL_CHECK: equality on the lower-cased address
CREATE INDEX "VerificationInput_email_idx" ON "VerificationInput"(lower("value")) WHERE "fieldName" = 'EMAIL';
-- the document step's full_name: prefix match on the lower-cased name
CREATE INDEX "VerificationStep_full_name_idx" ON "VerificationStep"(lower("data" ->> 'full_name') text_pattern_ops) WHERE "processType" = 'DOCUMENT_VERIFICATION';

-- Retention sweep (lib/domain/privacy/redact-expired.ts): completed, not yet redacted, by completion time
CREATE INDEX "Verification_retention_idx" ON "Verification"("accountId", "completedAt") WHERE "redactedAt" IS NULL AND "completedAt" IS NOT NULL;
