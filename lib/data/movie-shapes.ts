// The movie shapes of docs/api.md "Shapes", and the Prisma selects that feed them.
import type { MovieDetail, MovieListItem, ReviewItem } from "@/lib/api-shapes";
import type { Prisma } from "@/lib/generated/prisma/client";
import { publishedMovie } from "./movie-visibility";

export type { CastMemberItem, MovieDetail, MovieListItem, ReviewItem } from "@/lib/api-shapes";

export const movieListSelect = {
  id: true,
  name: true,
  desc: true,
  titleImage: true,
  image: true,
  language: true,
  year: true,
  hour: true,
  video: true,
  rate: true,
  countReviews: true,
  createdAt: true,
  category: { select: { id: true, name: true } },
  // Cards show the runtime too (lib/media/runtime.ts): the probed length where known.
  durationSeconds: true,
} satisfies Prisma.MovieSelect;

type MovieListRow = Prisma.MovieGetPayload<{ select: typeof movieListSelect }>;

/**
 * Public reads hold published movies only, which always have a category and a running time (CHECK
 * "Movie_published_complete"). A draft, which only admins see, may lack them: "" and 0 then.
 */
export function toMovieListItem({ id, category, hour, createdAt, ...rest }: MovieListRow): MovieListItem {
  return {
    _id: id,
    ...rest,
    hour: hour ?? 0,
    category: { _id: category?.id ?? "", name: category?.name ?? "" },
    createdAt: createdAt.toISOString(),
  };
}

/** What a review shows: its author's current name and picture, rating, comment and date. */
export const reviewSelect = {
  id: true,
  userId: true,
  rating: true,
  comment: true,
  createdAt: true,
  user: { select: { fullName: true, image: true } },
} satisfies Prisma.ReviewSelect;

type ReviewRow = Prisma.ReviewGetPayload<{ select: typeof reviewSelect }>;

export function toReviewItem(review: ReviewRow): ReviewItem {
  return {
    _id: review.id,
    userId: review.userId,
    userName: review.user.fullName,
    userImage: review.user.image,
    rating: review.rating,
    comment: review.comment,
    createdAt: review.createdAt.toISOString(),
  };
}

/** How many reviews a movie's detail carries (the newest ones); countReviews tells how many there are in all. */
const DETAIL_REVIEW_LIMIT = 100;

export const movieDetailSelect = {
  ...movieListSelect,
  casts: { select: { id: true, name: true, image: true }, orderBy: { position: "asc" } },
  reviews: {
    select: reviewSelect,
    // The newest ones; toMovieDetail puts them back in oldest-first order.
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: DETAIL_REVIEW_LIMIT,
  },
  subtitles: { select: { language: true, label: true, url: true }, orderBy: { position: "asc" } },
  mediaState: true,
  hlsFolder: true,
} satisfies Prisma.MovieSelect;

/**
 * The findMany arguments of a member's own list of movies (Favorite, MyListEntry: a row per user and
 * movie): their published movies, most recently added first.
 */
export const memberMoviesArgs = (userId: string) => ({
  where: { userId, movie: publishedMovie },
  select: { movie: { select: movieListSelect } },
  orderBy: [{ createdAt: "desc" as const }, { movieId: "asc" as const }],
});

type MovieDetailRow = Prisma.MovieGetPayload<{ select: typeof movieDetailSelect }>;

export function toMovieDetail({
  casts,
  reviews,
  subtitles,
  mediaState,
  hlsFolder,
  ...movie
}: MovieDetailRow): MovieDetail {
  const listItem = toMovieListItem(movie);
  const ready = mediaState === "ready" && hlsFolder;
  return {
    ...listItem,
    hls: ready ? `/api/upload/${hlsFolder}/master.m3u8` : null,
    posterFrame: ready ? `/api/upload/${hlsFolder}/poster.jpg` : null,
    thumbnails: ready ? `/api/upload/${hlsFolder}/thumbnails.vtt` : null,
    category: listItem.category._id,
    categoryName: listItem.category.name,
    casts: casts.map((cast) => ({ _id: cast.id, name: cast.name, img: cast.image, image: cast.image })),
    // Oldest first, as the original backend sent them (docs/api.md "Shapes"): its client reverses the
    // list to show the newest on top.
    reviews: reviews.toReversed().map(toReviewItem),
    subtitles: subtitles.map(({ language, label, url }) => ({ language, label, url })),
  };
}
