-- AlterTable
ALTER TABLE "Verification" ADD COLUMN     "emailIndex" TEXT,
ADD COLUMN     "referenceIndex" TEXT,
ADD COLUMN     "referencePrefixes" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "VerificationInput" ADD COLUMN     "valueIndex" TEXT;

-- AlterTable
ALTER TABLE "VerificationStep" ADD COLUMN     "documentNumberIndex" TEXT,
ADD COLUMN     "failedChecks" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "imageHash" TEXT,
ADD COLUMN     "nameWords" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "Verification_accountId_emailIndex_idx" ON "Verification"("accountId", "emailIndex");

-- CreateIndex
CREATE INDEX "Verification_accountId_referenceIndex_idx" ON "Verification"("accountId", "referenceIndex");

-- CreateIndex
CREATE INDEX "VerificationInput_fieldName_valueIndex_idx" ON "VerificationInput"("fieldName", "valueIndex");

-- CreateIndex
CREATE INDEX "VerificationStep_documentNumberIndex_idx" ON "VerificationStep"("documentNumberIndex");

-- Personal data columns are sealed from now on (lib/core/crypto/sealed-columns.ts): expression indexes over their
-- plaintext would index ciphertext. Search uses the blind indexes above instead.
DROP INDEX IF EXISTS "Verification_reference_idx";
DROP INDEX IF EXISTS "Verification_metadata_email_idx";
DROP INDEX IF EXISTS "VerificationInput_email_idx";
DROP INDEX IF EXISTS "VerificationStep_full_name_idx";

-- Array containment (@>) for the reference prefixes and the name words
CREATE INDEX "Verification_referencePrefixes_idx" ON "Verification" USING GIN ("referencePrefixes");
CREATE INDEX "VerificationStep_nameWords_idx" ON "VerificationStep" USING GIN ("nameWords");
