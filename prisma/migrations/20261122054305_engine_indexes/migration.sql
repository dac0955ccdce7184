-- CreateIndex
CREATE INDEX "Job_verificationId_idx" ON "Job"("verificationId");

-- CreateIndex
CREATE INDEX "Verification_status_expiresAt_idx" ON "Verification"("status", "expiresAt");
