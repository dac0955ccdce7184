-- AlterTable
ALTER TABLE "Verification" ADD COLUMN     "decision" JSONB;

-- AlterTable
ALTER TABLE "WorkflowVersion" ADD COLUMN     "decisionRules" JSONB NOT NULL DEFAULT '[]';
