// The SQL of the recommendations (docs/architecture.md, "Recommendations"), kept apart from
// lib/data/recommendations.ts so scripts/bench-recommend.ts can run and EXPLAIN exactly what the app runs.
//
// A member's signals for a movie (their "affinity"), from what they watch, like and rate:
//   watched past CONTINUE_FROM (5%): 1, or 2 once watched (WATCHED_FROM); under 5% is a false start, no signal
//   liked (a favourite): 2
//   rated 2 ("Good") to 5: the rating - 1, so 1 to 4
//   rated 0 ("Poor") or 1 ("Fair"): disliked, -2 whatever else they did
// summed and capped at 4. Two movies are alike when the same members have signals for both:
// item-to-item co-watching (a cosine, damped for small audiences), blended with the category and
// cast they share.
import { Prisma } from "@/lib/generated/prisma/client";
import { CONTINUE_FROM, WATCHED_FROM } from "@/lib/validation/progress";

/** A rating at or below this is a dislike: 0-Poor and 1-Fair (docs/product.md "Reviews"). */
const DISLIKED_AT_MOST = 1;

/** How a movie's neighbours are scored; the benchmark compares other weights against these. */
export type SimilarityWeights = {
  /** Multiplies the co-watching score (0 leaves only the category and cast). */
  coWatching: number;
  /**
   * The power of the candidate's audience size that co-watching is divided by. 0 ranks by raw
   * co-watching, which favours whatever everyone watches; 0.5 is the cosine, which favours films few
   * people watched. The benchmark's hit rate is highest at 0 and lowest at 0.5 on its generated data
   * (docs/performance.md); 0.2 keeps most of that while a film everyone watches (which the generated
   * data lacks) cannot top every row.
   */
  audienceExponent: number;
  /** Added when the two movies share their category. */
  category: number;
  /** Added per cast member they share, up to two. */
  cast: number;
};
export const SIMILARITY_WEIGHTS: SimilarityWeights = {
  coWatching: 1,
  audienceExponent: 0.2,
  category: 0.15,
  cast: 0.1,
};

/** The most recent members of a movie's audience read, per kind of signal: bounds the work for a hit. */
const AUDIENCE_SAMPLE = 300;
/** The most recent signals read per member of that audience. */
const HISTORY_SAMPLE = 50;
/** Co-watched candidates scored: those the most members of the audience also watched. */
const CO_WATCHED_CANDIDATES = 300;
/** Added to both audiences' sizes: a film two people watched is not a perfect match. */
const DAMPING = 10;
/** Candidates from the category (best rated), and movies read per shared cast name. */
const CONTENT_CANDIDATES = 50;

const watchWeight = Prisma.sql`CASE WHEN wp."position" >= wp."duration" * ${WATCHED_FROM}::float8 THEN 2 ELSE 1 END`;
const startedWatching = Prisma.sql`wp."position" >= wp."duration" * ${CONTINUE_FROM}::float8`;
const reviewWeight = Prisma.sql`GREATEST(r."rating" - 1, 0)`;
const disliked = Prisma.sql`r."rating" <= ${DISLIKED_AT_MOST}`;
/** The affinity of grouped signal rows (columns w, disliked). */
const affinity = Prisma.sql`CASE WHEN bool_or(disliked) THEN -2 ELSE LEAST(sum(w), 4) END`;

/**
 * The movies most like `movieId`, best first, with their scores. Co-watching: the movie's most
 * recent audience (up to 300 per kind of signal), each member's recent signals (up to 50 per kind),
 * the products of their affinities summed per movie, for the 300 movies the most of them share,
 * divided by both movies' audience sizes (MovieAudience, damped). Then a bonus for the same
 * category and for each shared cast member. Movies of the same category (best rated first) and
 * with the same cast are candidates too, so a movie nobody has watched still has neighbours.
 * Scores of zero or less (an audience that disliked it) are left out.
 */
export function similarMoviesSql(movieId: string, limit: number, weights: SimilarityWeights = SIMILARITY_WEIGHTS) {
  return Prisma.sql`
    WITH seed AS MATERIALIZED (
      SELECT m."id", m."categoryId", COALESCE(a."signals", 0) AS "signals"
      FROM "Movie" m LEFT JOIN "MovieAudience" a ON a."movieId" = m."id"
      WHERE m."id" = ${movieId}::uuid
    ),
    audience AS MATERIALIZED (
      SELECT "userId", ${affinity} AS a
      FROM (
        (SELECT wp."userId", ${watchWeight} AS w, false AS disliked FROM "WatchProgress" wp
         WHERE wp."movieId" = ${movieId}::uuid AND ${startedWatching}
         ORDER BY wp."updatedAt" DESC LIMIT ${AUDIENCE_SAMPLE})
        UNION ALL
        (SELECT f."userId", 2, false FROM "Favorite" f
         WHERE f."movieId" = ${movieId}::uuid ORDER BY f."createdAt" DESC LIMIT ${AUDIENCE_SAMPLE})
        UNION ALL
        (SELECT r."userId", ${reviewWeight}, ${disliked} FROM "Review" r
         WHERE r."movieId" = ${movieId}::uuid ORDER BY r."createdAt" DESC LIMIT ${AUDIENCE_SAMPLE})
      ) s
      GROUP BY "userId"
    ),
    co_watched AS MATERIALIZED (
      SELECT "movieId", sum(a * b) AS dot
      FROM (
        SELECT au.a, h."movieId", ${affinity} AS b
        FROM audience au
        CROSS JOIN LATERAL (
          (SELECT wp."movieId", ${watchWeight} AS w, false AS disliked FROM "WatchProgress" wp
           WHERE wp."userId" = au."userId" AND ${startedWatching}
           ORDER BY wp."updatedAt" DESC LIMIT ${HISTORY_SAMPLE})
          UNION ALL
          (SELECT f."movieId", 2, false FROM "Favorite" f
           WHERE f."userId" = au."userId" ORDER BY f."createdAt" DESC LIMIT ${HISTORY_SAMPLE})
          UNION ALL
          (SELECT r."movieId", ${reviewWeight}, ${disliked} FROM "Review" r
           WHERE r."userId" = au."userId" ORDER BY r."createdAt" DESC LIMIT ${HISTORY_SAMPLE})
        ) h
        WHERE au.a <> 0 AND h."movieId" <> ${movieId}::uuid
        GROUP BY au."userId", au.a, h."movieId"
      ) pairs
      GROUP BY "movieId"
      ORDER BY count(*) DESC, sum(a * b) DESC
      LIMIT ${CO_WATCHED_CANDIDATES}
    ),
    same_category AS MATERIALIZED (
      SELECT m."id" AS "movieId" FROM "Movie" m
      WHERE m."categoryId" = (SELECT "categoryId" FROM seed) AND m."id" <> ${movieId}::uuid
      ORDER BY m."rate" DESC, m."countReviews" DESC
      LIMIT ${CONTENT_CANDIDATES}
    ),
    same_cast AS MATERIALIZED (
      SELECT c."movieId", count(DISTINCT seed_cast."name")::int AS shared
      FROM (SELECT DISTINCT "name" FROM "CastMember" WHERE "movieId" = ${movieId}::uuid) seed_cast
      CROSS JOIN LATERAL (
        SELECT cm."movieId" FROM "CastMember" cm
        WHERE cm."name" = seed_cast."name" AND cm."movieId" <> ${movieId}::uuid
        LIMIT ${CONTENT_CANDIDATES}
      ) c
      GROUP BY c."movieId"
    ),
    candidates AS (
      SELECT "movieId" FROM co_watched UNION SELECT "movieId" FROM same_category UNION SELECT "movieId" FROM same_cast
    ),
    scored AS (
      SELECT m."id",
        ${weights.coWatching}::float8 * COALESCE(cw.dot, 0)
          / (sqrt(seed."signals" + ${DAMPING})
             * power(COALESCE((SELECT ma."signals" FROM "MovieAudience" ma WHERE ma."movieId" = m."id"), 0) + ${DAMPING},
                     ${weights.audienceExponent}::float8))
        + CASE WHEN m."categoryId" = seed."categoryId" THEN ${weights.category}::float8 ELSE 0 END
        + ${weights.cast}::float8 * LEAST(COALESCE(sc.shared, 0), 2) AS score,
        m."rate"
      FROM candidates c
      CROSS JOIN seed
      JOIN LATERAL (SELECT "id", "categoryId", "rate" FROM "Movie" WHERE "id" = c."movieId") m ON true
      LEFT JOIN co_watched cw ON cw."movieId" = c."movieId"
      LEFT JOIN same_cast sc ON sc."movieId" = c."movieId"
    )
    SELECT "id"::text AS "id", score FROM scored
    WHERE score > 0
    ORDER BY score DESC, "rate" DESC, "id"
    LIMIT ${limit}`;
}

/**
 * What a member has already seen or chosen: never recommended to them. Watched past the false start
 * (finished, or on the Continue watching row), liked, or rated (which covers disliked).
 */
export function seenMoviesSql(userId: string) {
  return Prisma.sql`
    SELECT wp."movieId"::text AS "movieId" FROM "WatchProgress" wp WHERE wp."userId" = ${userId}::uuid AND ${startedWatching}
    UNION SELECT "movieId"::text FROM "Favorite" WHERE "userId" = ${userId}::uuid
    UNION SELECT "movieId"::text FROM "Review" WHERE "userId" = ${userId}::uuid`;
}

/**
 * The movies a member watched (past the false start) or rated well enough ("Good" or better),
 * most recent first, leaving out any they disliked: the "Because you watched" seeds.
 */
export function watchedSeedsSql(userId: string, limit: number) {
  return Prisma.sql`
    SELECT s."movieId"::text AS "movieId", m."name", max(s.at) AS "at"
    FROM (
      SELECT wp."movieId", wp."updatedAt" AS at FROM "WatchProgress" wp
      WHERE wp."userId" = ${userId}::uuid AND ${startedWatching}
      UNION ALL
      SELECT r."movieId", r."createdAt" FROM "Review" r
      WHERE r."userId" = ${userId}::uuid AND r."rating" > ${DISLIKED_AT_MOST}
    ) s
    JOIN "Movie" m ON m."id" = s."movieId"
    WHERE NOT EXISTS (
      SELECT 1 FROM "Review" r
      WHERE r."userId" = ${userId}::uuid AND r."movieId" = s."movieId" AND ${disliked}
    )
    GROUP BY s."movieId", m."name"
    ORDER BY max(s.at) DESC, s."movieId"
    LIMIT ${limit}`;
}

/** Plays in the last 7 days: members who watched the movie past the false start that week. */
export function trendingSql(limit: number) {
  return Prisma.sql`
    SELECT t."movieId"::text AS "movieId", t.plays
    FROM (
      SELECT wp."movieId", count(*)::int AS plays FROM "WatchProgress" wp
      WHERE wp."updatedAt" >= now() - interval '7 days' AND ${startedWatching}
      GROUP BY wp."movieId"
    ) t
    JOIN "Movie" m ON m."id" = t."movieId"
    ORDER BY t.plays DESC, m."rate" DESC, m."id"
    LIMIT ${limit}`;
}
