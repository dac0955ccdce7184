-- Issue 34: the DIGITAL_CREDENTIAL process type, and the OpenID4VP request (nonce, origin, sealed ephemeral key)
-- each verification's wallet answer must match. One row per verification, replaced when a new request is made.
ALTER TYPE "ProcessType" ADD VALUE 'DIGITAL_CREDENTIAL';

CREATE TABLE "CredentialRequest" (
    "id" UUID NOT NULL,
    "verificationId" UUID NOT NULL,
    "nonce" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "sealedKey" TEXT NOT NULL,
    "requests" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CredentialRequest_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "CredentialRequest_verificationId_key" ON "CredentialRequest"("verificationId");

ALTER TABLE "CredentialRequest" ADD CONSTRAINT "CredentialRequest_verificationId_fkey" FOREIGN KEY ("verificationId") REFERENCES "Verification"("id") ON DELETE CASCADE ON UPDATE CASCADE;
