import "server-only";
// The catalogue writes of an import (lib/import-export/run.ts, docs/import.md): a movie is known by its
// external id, so importing the same file twice updates what the first run created and never adds
// it again. Categories are found by name (any case) or created. The run happens in a background job,
// outside any request, so lib/import-export/run.ts expires the cache tags of what it wrote a batch at a time
// (importedMoviesTags), rather than per movie as the API's writes do, and carries out the rest of what
// each movie's write leaves to do (lib/writes/effects.ts) as it goes.
import { db } from "@/lib/database/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { noMedia } from "@/lib/media/transcode";
import { cacheTags } from "@/lib/cache/tags";
import { isUuid } from "@/lib/validation/ids";
import { castRows, fileUrlsOf, fileUrlsSelect, oldMediaOf, subtitleRows } from "./movies";
import { writeEffects, type WriteEffects } from "./write-effects";

/** A row of an import with its media already in storage (paths of this site). */
export type ImportedMovieInput = {
  externalId: string;
  draft: boolean;
  name: string;
  year: number;
  desc?: string;
  hour?: number;
  language?: string;
  categoryId?: string;
  image?: string;
  titleImage?: string;
  video?: string;
  casts?: { name: string; image: string }[];
  subtitles?: { language: string; label: string; url: string }[];
};

export type ImportedMovieMatch = { id: string; draft: boolean };

/**
 * The movies these external ids name: one imported under the id, or, for an id that is a movie's
 * own (an export of a catalogue that never came from an import writes those), that movie.
 */
export async function findImportedMovies(externalIds: string[]): Promise<Map<string, ImportedMovieMatch>> {
  const ownIds = externalIds.filter(isUuid).map((id) => id.toLowerCase());
  const rows = await db.movie.findMany({
    where: { OR: [{ externalId: { in: externalIds } }, { id: { in: ownIds }, externalId: null }] },
    select: { id: true, externalId: true, draft: true },
  });
  const found = new Map<string, ImportedMovieMatch>();
  for (const row of rows) found.set(row.externalId ?? row.id, { id: row.id, draft: row.draft });
  // An external id given in capitals still names the movie whose own id it is.
  for (const id of externalIds)
    if (!found.has(id) && isUuid(id) && found.has(id.toLowerCase())) found.set(id, found.get(id.toLowerCase())!);
  return found;
}

/** The id of the category of this name (any case), created when there is none. */
export async function ensureCategory(name: string): Promise<{ id: string; created: boolean }> {
  const existing = await db.category.findUnique({ where: { name }, select: { id: true } });
  if (existing) return { id: existing.id, created: false };
  try {
    return { id: (await db.category.create({ data: { name }, select: { id: true } })).id, created: true };
  } catch (error) {
    // Created meanwhile (another import, or an admin): use that one.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      return {
        id: (await db.category.findUniqueOrThrow({ where: { name }, select: { id: true } })).id,
        created: false,
      };
    throw error;
  }
}

async function lockImported(tx: Prisma.TransactionClient, externalId: string): Promise<string | null> {
  const [byExternal] = await tx.$queryRaw<
    { id: string }[]
  >`SELECT "id" FROM "Movie" WHERE "externalId" = ${externalId} FOR UPDATE`;
  if (byExternal) return byExternal.id;
  if (!isUuid(externalId)) return null;
  const [own] = await tx.$queryRaw<
    { id: string }[]
  >`SELECT "id" FROM "Movie" WHERE "id" = ${externalId.toLowerCase()}::uuid AND "externalId" IS NULL FOR UPDATE`;
  return own?.id ?? null;
}

/**
 * Creates or updates the movie of one import row. Fields the row leaves out (a draft's) keep their
 * value on an update; a list it gives (casts, subtitles) replaces the movie's. A new or changed
 * stored video is to be transcoded; files the movie no longer uses are to be deleted when nothing
 * else uses them (the effects, for the caller to carry out).
 */
export async function saveImportedMovie(
  input: ImportedMovieInput,
): Promise<{ id: string; created: boolean; effects: WriteEffects }> {
  const { externalId, casts, subtitles, categoryId, ...fields } = input;
  const { id, before, after } = await db.$transaction(async (tx) => {
    const existingId = await lockImported(tx, externalId);
    const data = { ...fields, externalId, ...(categoryId !== undefined && { categoryId }) };
    if (!existingId) {
      const created = await tx.movie.create({
        data: {
          desc: "",
          titleImage: "",
          image: "",
          language: "",
          video: "",
          ...data,
          casts: { create: castRows(casts ?? []) },
          subtitles: { create: subtitleRows(subtitles ?? []) },
        },
        select: { id: true, ...fileUrlsSelect },
      });
      return { id: created.id, before: null, after: created };
    }
    const before = await tx.movie.findUniqueOrThrow({ where: { id: existingId }, select: fileUrlsSelect });
    const after = await tx.movie.update({
      where: { id: existingId },
      data: {
        ...data,
        ...(fields.video !== undefined && fields.video !== before.video && noMedia),
        ...(casts && { casts: { deleteMany: {}, create: castRows(casts) } }),
        ...(subtitles && { subtitles: { deleteMany: {}, create: subtitleRows(subtitles) } }),
      },
      select: fileUrlsSelect,
    });
    return { id: existingId, before, after };
  });
  const effects = writeEffects({});
  if (before) {
    const stillUsed = new Set(fileUrlsOf(after));
    effects.unreferencedFiles = [...new Set(fileUrlsOf(before))].filter((url) => !stillUsed.has(url));
  }
  if (!before || after.video !== before.video) {
    if (before) effects.discardedMedia = [oldMediaOf(before)];
    effects.transcodes = [id];
  }
  return { id, created: before === null, effects };
}

/** After a batch of rows: the lists, the updated movies' details and, with new categories, the category list. */
export function importedMoviesTags(updatedIds: string[], categoriesCreated: boolean): string[] {
  return [
    cacheTags.movieLists,
    ...updatedIds.map((id) => cacheTags.movie(id)),
    ...(categoriesCreated ? [cacheTags.categories] : []),
  ];
}
