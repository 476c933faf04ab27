-- Members' upload allowance in use (issue 24 item 2): reserved in one atomic upsert before an
-- upload's body is read, so uploads sent at once cannot all pass the rate limit or the daily quota.
CREATE TABLE "UploadAllowance" (
    "ownerId" UUID NOT NULL,
    "windowStartedAt" TIMESTAMPTZ(3) NOT NULL,
    "windowUploads" INTEGER NOT NULL,
    "dayStartedAt" TIMESTAMPTZ(3) NOT NULL,
    "dayBytes" BIGINT NOT NULL,

    CONSTRAINT "UploadAllowance_pkey" PRIMARY KEY ("ownerId")
);

ALTER TABLE "UploadAllowance" ADD CONSTRAINT "UploadAllowance_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
