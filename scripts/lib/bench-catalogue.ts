// The generated catalogues of the benchmarks (bench-search.ts, bench-import.ts): a seeded random
// generator, movies with titles and cast made from word lists, and a fast SQL insert of them.
import type pg from "pg";
import { demoCategories } from "@/prisma/seed/catalogue";

/** mulberry32: a small seeded generator, so every run builds the same queries and movies. */
export function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
  };
}
export type Random = ReturnType<typeof generator>;

const COMMON = (
  "the of and a in to night last city dark love house river shadow light lighthouse keeper winter summer " +
  "garden ghost secret road home king queen island ocean storm fire iron glass silver golden red black white " +
  "blue green little great long lost found hidden silent broken wild quiet final first second empire kingdom " +
  "journey return rise fall dream memory letter stranger brother sister daughter father mother children " +
  "mountain valley forest desert harbor station train bridge tower castle market street hotel window mirror " +
  "machine engine signal protocol verdict concierge cipher compass atlas ledger meridian monsoon festival"
).split(" ");
const SYLLABLES =
  "ka lo mi ren sa tor vel an or us bri del fan gor hel ist jun kor lan mur nef osk par quin ros sil tav ur vin wex yor zan".split(
    " ",
  );

function pseudoWords(random: Random, count: number, minSyllables: number, maxSyllables: number): string[] {
  const words = new Set<string>();
  while (words.size < count) {
    const length = minSyllables + random.int(maxSyllables - minSyllables + 1);
    words.add(Array.from({ length }, () => random.pick(SYLLABLES)).join(""));
  }
  return [...words];
}

const capitalise = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** `count` movies with titles and cast from word lists, common words far more often than rare ones. */
export function makeGenerated(random: Random, count: number): MovieRow[] {
  const titleWords = pseudoWords(random, 4000, 2, 4);
  const firstNames = pseudoWords(random, 400, 2, 3).map(capitalise);
  const lastNames = pseudoWords(random, 1500, 2, 4).map(capitalise);
  // Zipf-like: low indexes come up far more often, as common words do.
  const skewed = <T>(list: readonly T[]) => list[Math.floor(list.length * random.next() ** 2)]!;
  return Array.from({ length: count }, () => {
    const length = 1 + random.int(4);
    const name = Array.from({ length }, () =>
      capitalise(random.next() < 0.4 ? skewed(COMMON) : skewed(titleWords)),
    ).join(" ");
    const casts = Array.from({ length: 2 + random.int(3) }, () => `${random.pick(firstNames)} ${skewed(lastNames)}`);
    return {
      name,
      casts,
      language:
        random.next() < 0.2
          ? "English"
          : random.pick(["French", "German", "Spanish", "Italian", "Japanese", "Korean", "Hindi", "Turkish"]),
      year: 1950 + random.int(76),
      hour: 1 + random.int(10),
      rate: Math.round(random.next() * 50) / 10,
      category: random.pick(demoCategories),
    };
  });
}

export type MovieRow = {
  name: string;
  casts: string[];
  language: string;
  year: number;
  hour: number;
  rate: number;
  category: string;
};

/** Inserts movies and their cast in batches of 5,000 with plain SQL (the triggers build the search lexicon), then VACUUM ANALYZE. */
export async function insertMovies(client: pg.Client, movies: MovieRow[]) {
  const categoryIds = new Map(
    (await client.query<{ id: string; name: string }>(`SELECT "id", "name"::text FROM "Category"`)).rows.map((row) => [
      row.name,
      row.id,
    ]),
  );
  for (let start = 0; start < movies.length; start += 5000) {
    const batch = movies.slice(start, start + 5000);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO "Movie" ("id", "name", "titleImage", "image", "language", "year", "hour", "video", "categoryId", "rate", "countReviews", "createdAt", "updatedAt")
       SELECT gen_random_uuid(), name, '', '/api/upload/image/bench.webp', language, year, hour, '', category, rate, CASE WHEN rate > 0 THEN 3 ELSE 0 END,
              now() - (ord || ' seconds')::interval, now()
       FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::uuid[], $6::float8[]) WITH ORDINALITY AS t(name, language, year, hour, category, rate, ord)
       ORDER BY ord
       RETURNING "id"`,
      [
        batch.map((m) => m.name),
        batch.map((m) => m.language),
        batch.map((m) => m.year),
        batch.map((m) => m.hour),
        batch.map((m) => categoryIds.get(m.category)),
        batch.map((m) => m.rate),
      ],
    );
    const castMovie: string[] = [];
    const castName: string[] = [];
    const castPosition: number[] = [];
    batch.forEach((movie, index) =>
      movie.casts.forEach((name, position) => {
        castMovie.push(rows[index]!.id);
        castName.push(name);
        castPosition.push(position);
      }),
    );
    await client.query(
      `INSERT INTO "CastMember" ("id", "movieId", "name", "image", "position")
       SELECT gen_random_uuid(), movie, name, '', position FROM unnest($1::uuid[], $2::text[], $3::int[]) AS t(movie, name, position)`,
      [castMovie, castName, castPosition],
    );
  }
  // What autovacuum leaves behind on a live server: statistics, and a visibility map that lets
  // index-only scans skip the table.
  await client.query(`VACUUM ANALYZE`);
}
