-- CreateTable
CREATE TABLE "ScheduledRun" (
    "name" TEXT NOT NULL,
    "lastRunAt" TIMESTAMP(3) NOT NULL,
    "runs" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ScheduledRun_pkey" PRIMARY KEY ("name")
);
