import "server-only";
// Carries out what a write in lib/data handed back (lib/data/write-effects.ts), after it has
// committed and always in this order: the stale cache tags expire first (the next request sees the
// change), then the files nothing uses any more go, then the replaced videos' transcoded media, and
// last the new videos are queued for transcoding.
import { expireTags } from "@/lib/cache/expire-tags";
import type { WriteEffects } from "@/lib/data/write-effects";
import { discardMedia, queueTranscode } from "@/lib/jobs/transcode-queue";
import { deleteUnreferencedFiles } from "@/lib/media/cleanup";

/** Does what the write left to do; answers the movies whose transcode was queued. */
export async function carryOut(effects: WriteEffects): Promise<Set<string>> {
  if (effects.staleTags.length > 0) await expireTags(...effects.staleTags);
  if (effects.unreferencedFiles.length > 0) await deleteUnreferencedFiles(effects.unreferencedFiles);
  for (const media of effects.discardedMedia) await discardMedia(media);
  const queued = new Set<string>();
  for (const movieId of effects.transcodes) if (await queueTranscodeSafely(movieId)) queued.add(movieId);
  return queued;
}

/** The movie is saved either way; a queue that is down leaves it playing its MP4 (an admin can retry). */
async function queueTranscodeSafely(movieId: string): Promise<boolean> {
  try {
    return (await queueTranscode(movieId)) !== null;
  } catch (error) {
    console.error(`Could not queue the transcode of movie ${movieId}:`, error);
    return false;
  }
}
