// Deleting files nothing points to any more. lib/data calls this after a movie, cast or profile
// change that replaced or removed media URLs: a replaced poster or a deleted movie's video should
// not stay in storage forever, but a file another row still shows must never go.
import "server-only";
import { db as defaultDb } from "@/lib/database/db";
import type { Db } from "@/lib/database/prisma";
import { keyOfUrl, storage, type StorageDriver, type StorageKey } from "@/lib/storage";

/**
 * For each of our URLs (others are ignored), deletes the stored file unless a movie (image,
 * titleImage, video), a cast member, a subtitle or a user still references it, in relative or absolute form.
 * Returns the keys it deleted. Never throws for a storage failure: the caller's change has already
 * been committed, and a file left behind costs only space, so the failure is logged instead.
 *
 * Call it after the transaction that dropped the references has committed; a URL that is
 * attached again at the same moment (an admin re-saving an old poster) could lose its file, a race
 * accepted because URLs are only ever re-used by hand.
 */
export async function deleteUnreferencedFiles(
  urls: Iterable<string | null | undefined>,
  { db = defaultDb, driver = storage() }: { db?: Db; driver?: StorageDriver } = {},
): Promise<StorageKey[]> {
  const keys = new Set<StorageKey>();
  for (const url of urls) {
    const key = url ? keyOfUrl(url) : null;
    if (key) keys.add(key);
  }
  const deleted: StorageKey[] = [];
  for (const key of keys) {
    if (await isReferenced(db, key)) continue;
    try {
      await driver.delete(key);
      deleted.push(key);
    } catch (error) {
      console.error(`Could not delete unreferenced file ${key}:`, error);
    }
  }
  return deleted;
}

async function isReferenced(db: Db, key: StorageKey): Promise<boolean> {
  // Stored URLs are relative (/api/upload/…) or absolute (https://host/api/upload/…).
  const url = { endsWith: `/api/upload/${key}` };
  const [movies, casts, users, subtitles] = await Promise.all([
    db.movie.count({ where: { OR: [{ image: url }, { titleImage: url }, { video: url }] } }),
    db.castMember.count({ where: { image: url } }),
    db.user.count({ where: { image: url } }),
    db.subtitle.count({ where: { url } }),
  ]);
  return movies + casts + users + subtitles > 0;
}
