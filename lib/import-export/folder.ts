import "server-only";
// A folder of films (docs/import.md "A folder of films"): the video files in IMPORT_DIR named the way
// Jellyfin and Plex expect, "Title (Year).mkv" (in a folder of its own or not), become import rows
// for drafts, with a poster and a backdrop found beside them. Extras (trailers, samples, the extras
// folders those servers know) are left out. Links are not followed into other folders.
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { IMPORT_DIR_UNSET, IngestError } from "@/lib/media/ingest";
import type { RowError } from "@/lib/validation/catalogue";

const VIDEO_EXTENSIONS = new Set([".mkv", ".mp4", ".m4v", ".avi", ".mov", ".wmv", ".flv"]);
const IMAGE_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp"];
/** Folders Jellyfin and Plex keep extras in, not films. */
const EXTRAS_FOLDERS = new Set([
  "extras",
  "trailers",
  "featurettes",
  "behind the scenes",
  "deleted scenes",
  "interviews",
  "scenes",
  "shorts",
  "samples",
  "sample",
  "other",
]);
/** File names of extras: "Title (Year)-trailer.mkv", "...-sample.mkv". */
const EXTRA_SUFFIX = /-(trailer|sample|featurette|behindthescenes|deleted|interview|scene|short|other)$/i;
/** "Title (Year)" and whatever follows it ("- 1080p", "[imdbid-tt0133093]"). */
const TITLE_AND_YEAR = /^(.*?)\s*\((\d{4})\)/;
const MAX_DEPTH = 4;

export type FolderFilm = { record: Record<string, unknown>; problems: RowError[] };

/** The films of IMPORT_DIR, as catalogue rows of drafts (by path, so a rescan finds them again). */
export async function scanImportDir(): Promise<FolderFilm[]> {
  if (!env.IMPORT_DIR) throw new IngestError(IMPORT_DIR_UNSET);
  const root = await fs.promises.realpath(path.resolve(env.IMPORT_DIR)).catch(() => {
    throw new IngestError(`IMPORT_DIR (${env.IMPORT_DIR}) does not exist on this server`);
  });
  const films: FolderFilm[] = [];
  await walk(root, root, 0, films);
  return films.sort((a, b) => String(a.record.video).localeCompare(String(b.record.video)));
}

async function walk(root: string, folder: string, depth: number, films: FolderFilm[]): Promise<void> {
  const entries = await fs.promises.readdir(folder, { withFileTypes: true });
  const videos = entries.filter(
    (entry) =>
      entry.isFile() &&
      VIDEO_EXTENSIONS.has(path.extname(entry.name).toLowerCase()) &&
      !EXTRA_SUFFIX.test(path.parse(entry.name).name),
  );
  const names = new Map(
    entries.filter((entry) => entry.isFile()).map((entry) => [entry.name.toLowerCase(), entry.name]),
  );
  const image = (...bases: string[]) => {
    for (const base of bases)
      for (const extension of IMAGE_EXTENSIONS) {
        const found = names.get(`${base}${extension}`.toLowerCase());
        if (found) return path.relative(root, path.join(folder, found));
      }
    return undefined;
  };
  for (const video of videos) {
    const base = path.parse(video.name).name;
    const relative = path.relative(root, path.join(folder, video.name));
    // The title and year from the file's name, else from its folder's ("Title (Year)/movie.mkv").
    const named = TITLE_AND_YEAR.exec(base) ?? (depth > 0 ? TITLE_AND_YEAR.exec(path.basename(folder)) : null);
    // Folder-wide pictures (poster.jpg) belong to the film only when it is the folder's one film.
    const alone = videos.length === 1;
    const record: Record<string, unknown> = {
      id: `folder:${relative.split(path.sep).join("/")}`,
      name: named ? cleanTitle(named[1]!) : cleanTitle(base),
      year: named?.[2] ?? "",
      draft: true,
      video: relative,
      image: image(`${base}-poster`, base, ...(alone ? ["poster", "folder", "cover"] : [])),
      titleImage: image(`${base}-fanart`, `${base}-backdrop`, ...(alone ? ["backdrop", "fanart", "background"] : [])),
    };
    films.push({
      record,
      problems: named
        ? []
        : [
            {
              field: "year",
              message: `"${video.name}" has no year: name it "Title (Year)${path.extname(video.name)}"`,
            },
          ],
    });
  }
  if (depth >= MAX_DEPTH) return;
  for (const entry of entries)
    if (entry.isDirectory() && !entry.name.startsWith(".") && !EXTRAS_FOLDERS.has(entry.name.toLowerCase()))
      await walk(root, path.join(folder, entry.name), depth + 1, films);
}

/** "The.Matrix" and "The_Matrix" read as "The Matrix"; a title with spaces is kept as it is. */
function cleanTitle(title: string): string {
  const trimmed = title.trim();
  return (trimmed.includes(" ") ? trimmed : trimmed.replace(/[._]+/g, " ")).trim();
}
