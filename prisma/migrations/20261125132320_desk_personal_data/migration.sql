-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "canViewPersonalData" BOOLEAN NOT NULL DEFAULT true;
