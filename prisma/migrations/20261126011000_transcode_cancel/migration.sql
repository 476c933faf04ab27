-- Issue 24: an admin can cancel a transcode (items 4); a running job's liveness is now pg-boss's own
-- heartbeat on the job (queue option heartbeatSeconds), so the movie's hand-made one goes.
ALTER TYPE "MediaState" ADD VALUE 'cancelled';

ALTER TABLE "Movie" DROP COLUMN "mediaHeartbeatAt";
