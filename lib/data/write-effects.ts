// What a write in lib/data leaves for its caller to do once it has committed. lib/data only reads
// and writes the database; the consequences outside it (caches, stored files, transcode jobs) are
// handed back as data, and lib/writes carries them out (docs/architecture.md "Layers").
import type { OldMedia } from "@/lib/media/transcode";

export interface WriteEffects {
  /** Cache tags whose entries now show old data (lib/cache/tags.ts). */
  staleTags: string[];
  /** File URLs the write stopped using: deleted from storage unless something else still uses them. */
  unreferencedFiles: string[];
  /** The transcoded media (job and files) of videos the write replaced or deleted. */
  discardedMedia: OldMedia[];
  /** Movies with a new video to transcode. */
  transcodes: string[];
}

export const writeEffects = (effects: Partial<WriteEffects>): WriteEffects => ({
  staleTags: [],
  unreferencedFiles: [],
  discardedMedia: [],
  transcodes: [],
  ...effects,
});
