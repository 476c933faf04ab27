import "server-only";
// Media URLs at the API's edge (docs/api.md "Shapes"). The database and lib/data keep what was
// stored: paths of this site's uploads (`/api/upload/image/<id>.webp`) or external https URLs,
// never this site's host, so moving the site needs no data migration and cached catalogue reads
// do not depend on who asked. Route handlers turn paths into absolute URLs on the way out (a
// client on another origin would resolve a path against itself) and this site's absolute URLs
// back into paths on the way in.
import type {
  AdminMovieDetail,
  AdminMoviePage,
  AdminUserItem,
  AdminUserPage,
  HistoryPage,
  MovieDetail,
  MovieListItem,
  MovieListPage,
  MovieSuggestion,
  OwnReview,
  ReviewItem,
  ReviewPage,
  UpNext,
  UserInfo,
} from "@/lib/api-shapes";
import { mediaUrlMessage, type MediaKind } from "@/lib/validation/fields";
import { invalid } from "@/lib/errors";
import { publicOrigin, siteOrigins } from "./public-url";

const UPLOAD_PATH = /^\/api\/upload\//;

/** A stored path made absolute on `origin`; an external URL, or "" (no picture), as it is. */
export function absoluteMediaUrl(url: string, origin: string): string {
  return url.startsWith("/") && !url.startsWith("//") ? `${origin}${url}` : url;
}

type MovieMedia = { image: string; titleImage: string; video: string };
type MediaInput = { field: string; label: string; kind: MediaKind };

/** The converters for one request: absolute URLs on `publicOrigin(request)`. */
export function mediaUrls(request: Pick<Request, "headers" | "url">) {
  const origin = publicOrigin(request);
  // An upload URL on either address is ours: the configured one, or the one this request came to.
  const ownOrigins = new Set(siteOrigins(request));
  const absolute = (url: string) => absoluteMediaUrl(url, origin);

  const movieDetail = (detail: MovieDetail): MovieDetail => ({
    ...movie(detail),
    casts: detail.casts.map((cast) => ({ ...cast, img: absolute(cast.img), image: absolute(cast.image) })),
    reviews: detail.reviews.map(review),
    subtitles: detail.subtitles.map((subtitle) => ({ ...subtitle, url: absolute(subtitle.url) })),
    hls: detail.hls && absolute(detail.hls),
    posterFrame: detail.posterFrame && absolute(detail.posterFrame),
    thumbnails: detail.thumbnails && absolute(detail.thumbnails),
  });
  const movie = <T extends MovieMedia>(item: T): T => ({
    ...item,
    image: absolute(item.image),
    titleImage: absolute(item.titleImage),
    video: absolute(item.video),
  });
  const user = <T extends { image: string }>(item: T): T => ({ ...item, image: absolute(item.image) });
  const review = (item: ReviewItem): ReviewItem => ({ ...item, userImage: absolute(item.userImage) });

  /**
   * A media URL a client sent, as the database keeps it: this site's upload URLs (on its public or
   * request origin) become paths; paths and other https URLs stay. The schemas have already
   * checked the form; what is left is an http URL of another host, a 400 naming the field.
   */
  function stored(url: string, { field, label, kind }: MediaInput): string {
    if (url === "" || url.startsWith("/")) return url;
    const parsed = URL.parse(url); // null for a host the schema's pattern let through but URL rejects
    if (parsed && ownOrigins.has(parsed.origin) && UPLOAD_PATH.test(parsed.pathname)) return parsed.pathname;
    if (parsed?.protocol === "https:") return url;
    const message = mediaUrlMessage(label, kind);
    throw invalid(message, { [field]: [message] });
  }

  return {
    origin,
    /** The upload answer: a stored file's path as an absolute URL. */
    url: absolute,
    movie,
    movies: (items: MovieListItem[]) => items.map(movie),
    // Named fields: the contract's shape exactly, whatever else the data layer's page carries.
    moviePage: (page: MovieListPage): MovieListPage => ({
      movies: page.movies.map(movie),
      moviesCount: page.moviesCount,
      totalPage: page.totalPage,
      currentPage: page.currentPage,
    }),
    historyPage: (page: HistoryPage): HistoryPage => ({ ...page, movies: page.movies.map(movie) }),
    upNext: (next: UpNext): UpNext => ({ ...next, movie: next.movie && movie(next.movie) }),
    suggestions: (items: MovieSuggestion[]): MovieSuggestion[] =>
      items.map((item) => ({ ...item, image: absolute(item.image) })),
    movieDetail,
    adminMovieDetail: (detail: AdminMovieDetail): AdminMovieDetail => ({ ...detail, ...movieDetail(detail) }),
    adminMoviePage: (page: AdminMoviePage): AdminMoviePage => ({
      ...page,
      movies: page.movies.map((item) => ({ ...item, image: absolute(item.image), video: absolute(item.video) })),
    }),
    reviewPage: (page: ReviewPage): ReviewPage => ({ ...page, reviews: page.reviews.map(review) }),
    ownReview: (own: OwnReview): OwnReview => ({ review: own.review && review(own.review) }),
    user,
    userInfo: (info: UserInfo): UserInfo => user(info),
    adminUserPage: (page: AdminUserPage): AdminUserPage => ({ ...page, users: page.users.map((item) => user(item)) }),
    adminUser: (item: AdminUserItem): AdminUserItem => user(item),

    /** A movie create or edit body with this site's media URLs as paths (see `stored`). */
    movieInput<
      T extends Partial<MovieMedia> & { casts?: { name: string; image: string }[]; subtitles?: { url: string }[] },
    >(input: T): T {
      return {
        ...input,
        ...(input.image !== undefined && {
          image: stored(input.image, { field: "image", label: "Image", kind: "image" }),
        }),
        ...(input.titleImage !== undefined && {
          titleImage: stored(input.titleImage, { field: "titleImage", label: "Title image", kind: "image" }),
        }),
        ...(input.video !== undefined && {
          video: stored(input.video, { field: "video", label: "Video", kind: "movie" }),
        }),
        ...(input.casts && {
          casts: input.casts.map((cast, index) => ({
            ...cast,
            image: stored(cast.image, { field: `casts.${index}.image`, label: "Cast image", kind: "image" }),
          })),
        }),
        ...(input.subtitles && {
          subtitles: input.subtitles.map((subtitle, index) => ({
            ...subtitle,
            url: stored(subtitle.url, { field: `subtitles.${index}.url`, label: "Subtitle", kind: "subtitle" }),
          })),
        }),
      };
    },

    /** A profile body with the picture as the database keeps it. */
    profileInput<T extends { image?: string }>(input: T): T {
      return input.image === undefined
        ? input
        : { ...input, image: stored(input.image, { field: "image", label: "Image", kind: "image" }) };
    },
  };
}
