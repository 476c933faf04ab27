// The movie shapes of CONTRACT.md section 3, and the Prisma selects that feed them.
import type { Prisma } from "@/lib/generated/prisma/client";

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
} satisfies Prisma.MovieSelect;

type MovieListRow = Prisma.MovieGetPayload<{ select: typeof movieListSelect }>;

export type MovieListItem = Omit<MovieListRow, "id" | "category" | "createdAt"> & {
  _id: string;
  category: { _id: string; name: string };
  createdAt: string;
};

export function toMovieListItem({ id, category, createdAt, ...rest }: MovieListRow): MovieListItem {
  return { _id: id, ...rest, category: { _id: category.id, name: category.name }, createdAt: createdAt.toISOString() };
}

/** How many reviews a movie's detail carries (the newest ones); countReviews tells how many there are in all. */
export const DETAIL_REVIEW_LIMIT = 100;

export const movieDetailSelect = {
  ...movieListSelect,
  casts: { select: { id: true, name: true, image: true }, orderBy: { position: "asc" } },
  reviews: {
    select: { id: true, userId: true, rating: true, comment: true, createdAt: true, user: { select: { fullName: true, image: true } } },
    // The newest ones; toMovieDetail puts them back in oldest-first order.
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: DETAIL_REVIEW_LIMIT,
  },
  subtitles: { select: { language: true, label: true, url: true }, orderBy: { position: "asc" } },
  durationSeconds: true,
  mediaState: true,
  hlsFolder: true,
} satisfies Prisma.MovieSelect;

type MovieDetailRow = Prisma.MovieGetPayload<{ select: typeof movieDetailSelect }>;

/** A WebVTT subtitle track; `url` is the stored path (the API makes it absolute at its edge). */
export type SubtitleItem = { language: string; label: string; url: string };
export type CastMemberItem = { _id: string; name: string; img: string; image: string };
export type ReviewItem = { _id: string; userId: string; userName: string; userImage: string; rating: number; comment: string; createdAt: string };

export type MovieDetail = Omit<MovieListItem, "category"> & {
  /** On the detail record the category is its id (spec section 3); categoryName saves a lookup. */
  category: string;
  categoryName: string;
  casts: CastMemberItem[];
  reviews: ReviewItem[];
  subtitles: SubtitleItem[];
  /** The HLS master playlist once the transcode is ready, else null (play `video`). docs/media.md. */
  hls: string | null;
  /** The poster frame the transcode took, with `hls`. */
  posterFrame: string | null;
  /** The seek-preview thumbnails (a WebVTT track of sprite tiles), with `hls`. */
  thumbnails: string | null;
  /** The video's real length, probed by the transcode; null until then. */
  durationSeconds: number | null;
};

export function toMovieDetail({ casts, reviews, subtitles, durationSeconds, mediaState, hlsFolder, ...movie }: MovieDetailRow): MovieDetail {
  const listItem = toMovieListItem(movie);
  const ready = mediaState === "ready" && hlsFolder;
  return {
    ...listItem,
    hls: ready ? `/api/upload/${hlsFolder}/master.m3u8` : null,
    posterFrame: ready ? `/api/upload/${hlsFolder}/poster.jpg` : null,
    thumbnails: ready ? `/api/upload/${hlsFolder}/thumbnails.vtt` : null,
    durationSeconds,
    category: listItem.category._id,
    categoryName: listItem.category.name,
    casts: casts.map((cast) => ({ _id: cast.id, name: cast.name, img: cast.image, image: cast.image })),
    // Oldest first, as the original backend sent them (CONTRACT.md section 3): its client reverses the
    // list to show the newest on top.
    reviews: reviews.toReversed().map((review) => ({
      _id: review.id,
      userId: review.userId,
      userName: review.user.fullName,
      userImage: review.user.image,
      rating: review.rating,
      comment: review.comment,
      createdAt: review.createdAt.toISOString(),
    })),
    subtitles: subtitles.map(({ language, label, url }) => ({ language, label, url })),
  };
}
