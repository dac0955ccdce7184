-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "reviewSlaAmberHours" INTEGER NOT NULL DEFAULT 24,
ADD COLUMN     "reviewSlaRedHours" INTEGER NOT NULL DEFAULT 48;

-- CreateTable
CREATE TABLE "ReviewCase" (
    "verificationId" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "assigneeId" UUID,
    "assignedAt" TIMESTAMP(3),
    "decisionReasonId" UUID,
    "decisionReason" TEXT,
    "decidedById" UUID,
    "decidedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReviewCase_pkey" PRIMARY KEY ("verificationId")
);

-- CreateTable
CREATE TABLE "ReviewNote" (
    "id" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "verificationId" UUID NOT NULL,
    "authorId" UUID,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReviewNote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DecisionReason" (
    "id" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "decision" "VerificationResult" NOT NULL,
    "label" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "archivedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DecisionReason_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReviewCase_accountId_assigneeId_idx" ON "ReviewCase"("accountId", "assigneeId");

-- CreateIndex
CREATE INDEX "ReviewNote_verificationId_createdAt_idx" ON "ReviewNote"("verificationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "DecisionReason_accountId_decision_label_key" ON "DecisionReason"("accountId", "decision", "label");

-- AddForeignKey
ALTER TABLE "ReviewCase" ADD CONSTRAINT "ReviewCase_verificationId_fkey" FOREIGN KEY ("verificationId") REFERENCES "Verification"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewCase" ADD CONSTRAINT "ReviewCase_assigneeId_fkey" FOREIGN KEY ("assigneeId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewCase" ADD CONSTRAINT "ReviewCase_decisionReasonId_fkey" FOREIGN KEY ("decisionReasonId") REFERENCES "DecisionReason"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewNote" ADD CONSTRAINT "ReviewNote_verificationId_fkey" FOREIGN KEY ("verificationId") REFERENCES "Verification"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewNote" ADD CONSTRAINT "ReviewNote_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DecisionReason" ADD CONSTRAINT "DecisionReason_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
