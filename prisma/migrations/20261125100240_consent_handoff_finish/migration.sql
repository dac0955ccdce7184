-- CreateEnum
CREATE TYPE "ConsentDecision" AS ENUM ('GIVEN', 'DECLINED');

-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "finishMessage" TEXT,
ADD COLUMN     "privacyNoticeUrl" TEXT,
ADD COLUMN     "showResultToEndUser" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "AccountLogo" (
    "accountId" UUID NOT NULL,
    "bytes" BYTEA NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AccountLogo_pkey" PRIMARY KEY ("accountId")
);

-- CreateTable
CREATE TABLE "VerificationConsent" (
    "id" UUID NOT NULL,
    "verificationId" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "decision" "ConsentDecision" NOT NULL,
    "textVersion" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "biometric" BOOLEAN NOT NULL,
    "terms" JSONB NOT NULL DEFAULT '{}',
    "ipAddress" TEXT,
    "decidedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VerificationConsent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HandoffToken" (
    "id" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "verificationId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HandoffToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "VerificationConsent_verificationId_key" ON "VerificationConsent"("verificationId");

-- CreateIndex
CREATE INDEX "VerificationConsent_accountId_idx" ON "VerificationConsent"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "HandoffToken_tokenHash_key" ON "HandoffToken"("tokenHash");

-- CreateIndex
CREATE INDEX "HandoffToken_verificationId_createdAt_idx" ON "HandoffToken"("verificationId", "createdAt");

-- AddForeignKey
ALTER TABLE "AccountLogo" ADD CONSTRAINT "AccountLogo_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VerificationConsent" ADD CONSTRAINT "VerificationConsent_verificationId_fkey" FOREIGN KEY ("verificationId") REFERENCES "Verification"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HandoffToken" ADD CONSTRAINT "HandoffToken_verificationId_fkey" FOREIGN KEY ("verificationId") REFERENCES "Verification"("id") ON DELETE CASCADE ON UPDATE CASCADE;
