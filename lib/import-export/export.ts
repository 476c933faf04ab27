import "server-only";
// Export (docs/import.md): the catalogue in the import's own format, so exporting and importing the
// file into an empty site gives the same catalogue. Media are written as absolute URLs on the
// site's address (an importing site downloads them) or, without one, as this site's paths (which an
// import into this same site takes as they are). Streamed a page of movies at a time.
import { db } from "@/lib/database/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { absoluteMediaUrl } from "@/lib/http/media-urls";
import type { CatalogueRow } from "@/lib/validation/catalogue";
import { csvColumns, csvHeader, csvLine, type CatalogueFormat } from "./catalogue-file";

const PAGE = 500;

export type ExportFilter = { category?: string; status?: "published" | "draft" };

const exportSelect = {
  id: true,
  externalId: true,
  name: true,
  desc: true,
  year: true,
  hour: true,
  language: true,
  image: true,
  titleImage: true,
  video: true,
  draft: true,
  createdAt: true,
  category: { select: { name: true } },
  casts: { select: { name: true, image: true }, orderBy: { position: "asc" } },
  subtitles: { select: { language: true, label: true, url: true }, orderBy: { position: "asc" } },
} satisfies Prisma.MovieSelect;
type ExportRow = Prisma.MovieGetPayload<{ select: typeof exportSelect }>;

/** A movie as a catalogue row; empty fields (a draft's) are left out. */
function toCatalogueRow(movie: ExportRow, media: (url: string) => string): CatalogueRow {
  const row = {
    id: movie.externalId ?? movie.id,
    name: movie.name,
    desc: movie.desc || undefined,
    year: movie.year,
    hour: movie.hour ?? undefined,
    language: movie.language || undefined,
    category: movie.category?.name,
    image: movie.image ? media(movie.image) : undefined,
    titleImage: movie.titleImage ? media(movie.titleImage) : undefined,
    video: movie.video ? media(movie.video) : undefined,
    casts: movie.casts.length ? movie.casts.map((cast) => ({ name: cast.name, image: media(cast.image) })) : undefined,
    subtitles: movie.subtitles.length
      ? movie.subtitles.map((subtitle) => ({ ...subtitle, url: media(subtitle.url) }))
      : undefined,
    draft: movie.draft || undefined,
  };
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)) as CatalogueRow;
}

function whereOf(filter: ExportFilter): Prisma.MovieWhereInput {
  return {
    ...(filter.category && { categoryId: filter.category }),
    ...(filter.status && { draft: filter.status === "draft" }),
  };
}

/** Every movie matching the filter, oldest first, a page at a time. */
async function* movies(filter: ExportFilter): AsyncGenerator<ExportRow> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const page: ExportRow[] = await db.movie.findMany({
      where: {
        ...whereOf(filter),
        ...(after && {
          OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }],
        }),
      },
      select: exportSelect,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: PAGE,
    });
    yield* page;
    if (page.length < PAGE) return;
    const last = page.at(-1)!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** The longest cast and subtitle lists among the exported movies: the CSV's numbered columns. */
async function longestLists(filter: ExportFilter): Promise<{ casts: number; subtitles: number }> {
  const where = whereOf(filter);
  const [casts, subtitles] = await Promise.all([
    db.castMember.groupBy({
      by: ["movieId"],
      where: { movie: where },
      _count: { _all: true },
      orderBy: { _count: { movieId: "desc" } },
      take: 1,
    }),
    db.subtitle.groupBy({
      by: ["movieId"],
      where: { movie: where },
      _count: { _all: true },
      orderBy: { _count: { movieId: "desc" } },
      take: 1,
    }),
  ]);
  return { casts: casts[0]?._count._all ?? 0, subtitles: subtitles[0]?._count._all ?? 0 };
}

/**
 * The catalogue file, in pieces. `origin`: the site's address, which media paths are made absolute
 * on; null keeps them as this site's paths.
 */
export async function* exportCatalogue(
  format: CatalogueFormat,
  { origin, filter = {} }: { origin: string | null; filter?: ExportFilter },
): AsyncGenerator<string> {
  const media = (url: string) => (origin ? absoluteMediaUrl(url, origin) : url);
  if (format === "csv") {
    const longest = await longestLists(filter);
    const columns = csvColumns(longest.casts, longest.subtitles);
    yield csvHeader(columns);
    for await (const movie of movies(filter)) yield csvLine(toCatalogueRow(movie, media), columns);
    return;
  }
  yield "[";
  let first = true;
  for await (const movie of movies(filter)) {
    yield `${first ? "\n" : ",\n"}  ${JSON.stringify(toCatalogueRow(movie, media))}`;
    first = false;
  }
  yield first ? "]\n" : "\n]\n";
}
