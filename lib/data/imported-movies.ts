import "server-only";
// The catalogue writes of an import (lib/import-export/run.ts, docs/import.md): a movie is known by its
// external id, so importing the same file twice updates what the first run created and never adds
// it again. Categories are found by name (any case) or created. The run happens in a background job,
// outside any request, so lib/import-export/run.ts expires the cache tags of what it wrote a batch at a time
// (importedMoviesTags), rather than per movie as the API's writes do, and carries out the rest of what
// each movie's write leaves to do (lib/writes/effects.ts) as it goes.
//
// A batch of rows is written set-based (saveImportedMovies): one transaction, one statement per table
// for the whole batch, so the search lexicon's statement triggers run once a batch, not once a row.
// When the database refuses any of it, nothing of the batch is written and the run saves those rows
// one at a time (saveImportedMovie), so the refused row fails alone.
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

/** A saved row's movie, whether it was created, and what is left to do once committed (lib/writes/effects.ts). */
export type SavedImportedMovie = { id: string; created: boolean; effects: WriteEffects };

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
  return (await lockImportedMany(tx, [externalId])).get(externalId) ?? null;
}

/**
 * Creates or updates the movie of one import row. Fields the row leaves out (a draft's) keep their
 * value on an update; a list it gives (casts, subtitles) replaces the movie's. A new or changed
 * stored video is to be transcoded; files the movie no longer uses are to be deleted when nothing
 * else uses them (the effects, for the caller to carry out).
 */
export async function saveImportedMovie(input: ImportedMovieInput): Promise<SavedImportedMovie> {
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
  return savedMovie(id, before, after);
}

type MovieFiles = Prisma.MovieGetPayload<{ select: typeof fileUrlsSelect }>;
type FileUrls = Parameters<typeof fileUrlsOf>[0];

/** What is left to do once a movie is saved: the files it stopped using go, a new video is transcoded. */
function savedMovie(id: string, before: MovieFiles | null, after: FileUrls): SavedImportedMovie {
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

/**
 * The same key for two external ids that may name the same movie (a movie's own id in capitals and
 * in small letters): a batch written set-based holds each key once (lib/import-export/run.ts cuts it
 * at a repeat), so every row of it names a movie of its own.
 */
export const importedMovieKey = (externalId: string) => (isUuid(externalId) ? externalId.toLowerCase() : externalId);

/**
 * Locks the movies these external ids name, as findImportedMovies finds them (one imported under the
 * id, else the movie whose own id it is): external id → movie id.
 */
async function lockImportedMany(tx: Prisma.TransactionClient, externalIds: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const byExternal = await tx.$queryRaw<{ id: string; externalId: string }[]>`
    SELECT "id", "externalId" FROM "Movie" WHERE "externalId" = ANY(${externalIds}::text[]) ORDER BY "id" FOR UPDATE`;
  for (const row of byExternal) found.set(row.externalId, row.id);
  const ownIds = externalIds.filter((id) => !found.has(id) && isUuid(id));
  if (ownIds.length === 0) return found;
  const own = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Movie" WHERE "id" = ANY(${ownIds.map((id) => id.toLowerCase())}::uuid[]) AND "externalId" IS NULL
    ORDER BY "id" FOR UPDATE`;
  const ownFound = new Set(own.map((row) => row.id));
  for (const id of ownIds) if (ownFound.has(id.toLowerCase())) found.set(id, id.toLowerCase());
  return found;
}

/**
 * saveImportedMovie for a batch of rows whose external ids have distinct keys (importedMovieKey),
 * in one transaction: the movies matched are locked and read, the new ones inserted in one
 * statement, the matched ones updated in one, and the cast and subtitles the rows give replaced in one statement
 * each. The results are the rows', in order. Throws when the database refuses any row (a
 * constraint): then nothing of the batch is written.
 */
export async function saveImportedMovies(inputs: ImportedMovieInput[]): Promise<SavedImportedMovie[]> {
  if (inputs.length === 0) return [];
  return db.$transaction(
    async (tx) => {
      const matched = await lockImportedMany(
        tx,
        inputs.map((input) => input.externalId),
      );
      const befores = new Map(
        (
          await tx.movie.findMany({
            where: { id: { in: [...matched.values()] } },
            select: { id: true, ...fileUrlsSelect },
          })
        ).map(({ id, ...files }) => [id, files]),
      );
      const fresh = inputs.filter((input) => !matched.has(input.externalId));
      const old = inputs.filter((input) => matched.has(input.externalId));
      const column = <T>(rows: ImportedMovieInput[], pick: (input: ImportedMovieInput) => T | undefined) =>
        rows.map((input) => pick(input) ?? null);

      const created = new Map<string, string>();
      const now = new Date();
      if (fresh.length > 0) {
        // A millisecond apart in file order, after every movie before them (the column keeps
        // milliseconds), so the catalogue lists them as the file did, as one row at a time would.
        const [{ latest }] = await tx.$queryRaw<
          [{ latest: Date | null }]
        >`SELECT max("createdAt") AS latest FROM "Movie"`;
        const latestMs = latest?.getTime() ?? 0;
        const start = latestMs < now.getTime() || latestMs > now.getTime() + 60_000 ? now.getTime() : latestMs + 1;
        const createdAt = fresh.map((_, index) => new Date(start + index).toISOString());
        const rows = await tx.$queryRaw<{ id: string; externalId: string }[]>`
          INSERT INTO "Movie" ("id", "externalId", "draft", "name", "year", "desc", "hour", "language", "categoryId",
                               "image", "titleImage", "video", "createdAt", "updatedAt")
          SELECT gen_random_uuid(), v.external, v.draft, v.name, v.year, coalesce(v.description, ''), v.hour,
                 coalesce(v.language, ''), v.category::uuid, coalesce(v.image, ''), coalesce(v.title_image, ''),
                 coalesce(v.video, ''), v.created_at::timestamp(3), ${now.toISOString()}::timestamp(3)
          FROM unnest(${column(fresh, (input) => input.externalId)}::text[], ${column(fresh, (input) => input.draft)}::boolean[],
                      ${column(fresh, (input) => input.name)}::text[], ${column(fresh, (input) => input.year)}::int[],
                      ${column(fresh, (input) => input.desc)}::text[], ${column(fresh, (input) => input.hour)}::int[],
                      ${column(fresh, (input) => input.language)}::text[], ${column(fresh, (input) => input.categoryId)}::text[],
                      ${column(fresh, (input) => input.image)}::text[], ${column(fresh, (input) => input.titleImage)}::text[],
                      ${column(fresh, (input) => input.video)}::text[], ${createdAt}::text[])
            AS v(external, draft, name, year, description, hour, language, category, image, title_image, video, created_at)
          RETURNING "id", "externalId"`;
        for (const row of rows) created.set(row.externalId, row.id);
      }
      const idOf = (input: ImportedMovieInput) => matched.get(input.externalId) ?? created.get(input.externalId)!;

      if (old.length > 0) {
        // Fields a row leaves out (a draft's) keep their value, as saveImportedMovie's update does.
        await tx.$executeRaw`
          UPDATE "Movie" m
          SET "externalId" = v.external, "draft" = v.draft, "name" = v.name, "year" = v.year,
              "desc" = coalesce(v.description, m."desc"), "hour" = coalesce(v.hour, m."hour"),
              "language" = coalesce(v.language, m."language"), "categoryId" = coalesce(v.category::uuid, m."categoryId"),
              "image" = coalesce(v.image, m."image"), "titleImage" = coalesce(v.title_image, m."titleImage"),
              "video" = coalesce(v.video, m."video"), "updatedAt" = ${now.toISOString()}::timestamp(3)
          FROM unnest(${column(old, idOf)}::text[], ${column(old, (input) => input.externalId)}::text[],
                      ${column(old, (input) => input.draft)}::boolean[], ${column(old, (input) => input.name)}::text[],
                      ${column(old, (input) => input.year)}::int[], ${column(old, (input) => input.desc)}::text[],
                      ${column(old, (input) => input.hour)}::int[], ${column(old, (input) => input.language)}::text[],
                      ${column(old, (input) => input.categoryId)}::text[], ${column(old, (input) => input.image)}::text[],
                      ${column(old, (input) => input.titleImage)}::text[], ${column(old, (input) => input.video)}::text[])
            AS v(id, external, draft, name, year, description, hour, language, category, image, title_image, video)
          WHERE m."id" = v.id::uuid`;
        // A new video makes the old ladder stale: forget it in the same transaction.
        const newVideo = old.filter(
          (input) => input.video !== undefined && input.video !== befores.get(idOf(input))!.video,
        );
        if (newVideo.length > 0)
          await tx.movie.updateMany({ where: { id: { in: newVideo.map(idOf) } }, data: noMedia });
      }

      // The cast and subtitles a row gives replace the movie's; a new movie has what its row gives.
      const withCasts = inputs.filter((input) => input.casts);
      const withSubtitles = inputs.filter((input) => input.subtitles);
      const replaced = (rows: ImportedMovieInput[]) => rows.filter((input) => matched.has(input.externalId)).map(idOf);
      if (replaced(withCasts).length > 0)
        await tx.castMember.deleteMany({ where: { movieId: { in: replaced(withCasts) } } });
      if (replaced(withSubtitles).length > 0)
        await tx.subtitle.deleteMany({ where: { movieId: { in: replaced(withSubtitles) } } });
      const casts = withCasts.flatMap((input) =>
        castRows(input.casts!).map((cast) => ({ movieId: idOf(input), ...cast })),
      );
      if (casts.length > 0)
        await tx.$executeRaw`
          INSERT INTO "CastMember" ("id", "movieId", "name", "image", "position")
          SELECT gen_random_uuid(), v.movie::uuid, v.name, v.image, v.position
          FROM unnest(${casts.map((cast) => cast.movieId)}::text[], ${casts.map((cast) => cast.name)}::text[],
                      ${casts.map((cast) => cast.image)}::text[], ${casts.map((cast) => cast.position)}::int[])
            AS v(movie, name, image, position)`;
      const subtitles = withSubtitles.flatMap((input) =>
        subtitleRows(input.subtitles!).map((subtitle) => ({ movieId: idOf(input), ...subtitle })),
      );
      if (subtitles.length > 0)
        await tx.$executeRaw`
          INSERT INTO "Subtitle" ("id", "movieId", "language", "label", "url", "position")
          SELECT gen_random_uuid(), v.movie::uuid, v.language, v.label, v.url, v.position
          FROM unnest(${subtitles.map((subtitle) => subtitle.movieId)}::text[],
                      ${subtitles.map((subtitle) => subtitle.language)}::text[],
                      ${subtitles.map((subtitle) => subtitle.label)}::text[], ${subtitles.map((subtitle) => subtitle.url)}::text[],
                      ${subtitles.map((subtitle) => subtitle.position)}::int[])
            AS v(movie, language, label, url, position)`;

      return inputs.map((input) => {
        const id = idOf(input);
        const before = befores.get(id) ?? null;
        // What the movie uses now: what the row gave, else what it had.
        const after = {
          image: input.image ?? before?.image ?? "",
          titleImage: input.titleImage ?? before?.titleImage ?? "",
          video: input.video ?? before?.video ?? "",
          casts: input.casts ?? before?.casts ?? [],
          subtitles: input.subtitles ?? before?.subtitles ?? [],
        };
        return savedMovie(id, before, after);
      });
    },
    { timeout: 60_000 },
  );
}

/** After a batch of rows: the lists, the updated movies' details and, with new categories, the category list. */
export function importedMoviesTags(updatedIds: string[], categoriesCreated: boolean): string[] {
  return [
    cacheTags.movieLists,
    ...updatedIds.map((id) => cacheTags.movie(id)),
    ...(categoriesCreated ? [cacheTags.categories] : []),
  ];
}
