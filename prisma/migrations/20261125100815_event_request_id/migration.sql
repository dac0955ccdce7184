-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "requestId" TEXT;
