-- CreateTable
CREATE TABLE "ReplicaHeartbeat" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ReplicaHeartbeat_pkey" PRIMARY KEY ("id")
);
