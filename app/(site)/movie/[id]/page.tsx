import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { notFound } from "next/navigation";
import { Suspense, cache } from "react";
import { CastCarousel } from "@/components/movie/cast-carousel";
import { DownloadButton } from "@/components/movie/download-button";
import { LikeButton } from "@/components/movie/like-button";
import { MovieGrid } from "@/components/movie/movie-card";
import { MovieRow } from "@/components/movie/movie-row";
import { MyListButton } from "@/components/movie/my-list-button";
import { Runtime } from "@/components/movie/runtime";
import { NO_RATINGS, Stars } from "@/components/movie/stars";
import { ReviewForm } from "@/components/review/review-form";
import { ReviewList } from "@/components/review/review-list";
import type { MovieDetail } from "@/lib/data/movie-shapes";
import { getMovieDetail, listRelatedMovies } from "@/lib/data/movies";
import { ROW_SIZE, moreLikeThis } from "@/lib/data/recommendations";
import { absoluteMediaUrl } from "@/lib/http/media-urls";
import { pagePublicOrigin } from "@/lib/http/public-url";
import { movieRuntime } from "@/lib/media/runtime";
import { SITE_NAME, languageCode, truncateAtWord } from "@/lib/seo";
import { StoredImage } from "@/components/ui/stored-image";
import { Poster } from "@/components/ui/poster";

type Props = { params: Promise<{ id: string }> };

/**
 * No movie page is rendered by `next build` (it has no database): this id, which no movie has, only
 * tells Next that the route's pages may be kept. Each movie's page is rendered at its first visit,
 * kept, and rendered again after a write expires its tags (docs/architecture.md, "Caching").
 */
const NO_MOVIE_ID = "00000000-0000-0000-0000-000000000000";

/**
 * The backdrop's encoding quality (one of next.config.ts `images.qualities`): it is drawn at 40%
 * opacity under a gradient, where 45 looks as 75 does, and on a phone's slow network it is the
 * picture the page's largest paint waits for (docs/performance.md, "Lighthouse").
 */
const HERO_BACKDROP_QUALITY = 45;

export function generateStaticParams() {
  return [{ id: NO_MOVIE_ID }];
}

/** One read per render, shared by the metadata and the page. */
const loadMovie = cache(async (id: string) => {
  const movie = id === NO_MOVIE_ID ? null : await getMovieDetail(id);
  if (!movie) notFound();
  return movie;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const movie = await loadMovie((await params).id);
  const origin = await pagePublicOrigin();
  const description = truncateAtWord(movie.desc);
  const url = `${origin}/movie/${movie._id}`;
  const image = absoluteMediaUrl(movie.image, origin);
  return {
    title: movie.name,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: "video.movie",
      url,
      siteName: SITE_NAME,
      title: movie.name,
      description,
      images: [{ url: image }],
    },
    twitter: { card: "summary_large_image", title: movie.name, description, images: [image] },
  };
}

/**
 * Rendered whole, outside any Suspense boundary: the first visit waits for the render (an unknown id
 * gets its 404 status), which Next then keeps for every later visit.
 */
export default async function MoviePage({ params }: Props) {
  const movie = await loadMovie((await params).id);
  const [related, similar] = await Promise.all([listRelatedMovies(movie.category, movie._id), moreLikeThis(movie._id)]);
  // Related Movies stays the original grid of the category; More like this shows what it cannot (films
  // members watch with this one, films with its cast, from any category), never a film twice.
  const relatedIds = new Set(related.map((item) => item._id));
  const moreLike = similar.filter((item) => !relatedIds.has(item._id)).slice(0, ROW_SIZE);
  return (
    <main className="flex flex-col gap-14 pb-12">
      {/* Without a configured address it reads the request's Host: then only it renders per request. */}
      <Suspense fallback={null}>
        <StructuredData movie={movie} />
      </Suspense>
      <section className="relative overflow-hidden">
        {/* The page's largest picture (its LCP): fetched first, never lazily; dimmed, so fewer bytes do. */}
        <StoredImage
          src={movie.titleImage}
          alt=""
          fill
          sizes="100vw"
          quality={HERO_BACKDROP_QUALITY}
          loading="eager"
          fetchPriority="high"
          className="object-cover opacity-40"
        />
        <div className="relative bg-gradient-to-t from-main via-main/80 to-main/40">
          <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-10 sm:px-6 md:grid-cols-[16rem_1fr] lg:py-16">
            <Poster
              src={movie.image}
              alt={`${movie.name} poster`}
              width={600}
              sizes="(min-width: 768px) 256px, 160px"
              loading="eager"
              className="mx-auto w-40 rounded-lg shadow-2xl md:w-full"
            />
            <div className="flex min-w-0 flex-col gap-5">
              <h1 className="text-3xl font-bold sm:text-5xl">{movie.name}</h1>
              <ul
                aria-label="Details"
                className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm font-medium text-dryGray"
              >
                <li>
                  <IntentLink
                    href={`/movies?category=${movie.category}`}
                    className="rounded bg-subMain px-2 py-1 text-xs font-semibold text-white"
                  >
                    {movie.categoryName}
                  </IntentLink>
                </li>
                <li>{movie.year}</li>
                <li>
                  <Runtime hour={movie.hour} durationSeconds={movie.durationSeconds} />
                </li>
                <li>{movie.language}</li>
              </ul>
              {movie.countReviews === 0 ? (
                <p className="text-sm text-dryGray">{NO_RATINGS}</p>
              ) : (
                <p className="flex items-center gap-3 text-sm text-dryGray">
                  <Stars value={movie.rate} />
                  <span>
                    {movie.rate} ({movie.countReviews} {movie.countReviews === 1 ? "review" : "reviews"})
                  </span>
                </p>
              )}
              {/* Before the synopsis: on a phone the Watch button is in the first view, above the bottom bar. */}
              <div className="flex flex-wrap items-center gap-4">
                <IntentLink
                  href={`/watch/${movie._id}`}
                  className="flex h-12 items-center rounded-md bg-subMain px-8 text-sm font-semibold transition hover:bg-subMain/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                >
                  Watch
                </IntentLink>
                <DownloadButton videoUrl={movie.video} movieName={movie.name} />
                <MyListButton movieId={movie._id} movieName={movie.name} labelled />
                <LikeButton movieId={movie._id} movieName={movie.name} className="size-12" />
              </div>
              <p className="max-w-3xl leading-7 text-text">{movie.desc}</p>
              <p className="text-sm">
                <span className="text-text">Language: </span>
                <span className="font-semibold">{movie.language}</span>
              </p>
            </div>
          </div>
        </div>
      </section>
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-14 px-4 sm:px-6">
        {movie.casts.length > 0 && <CastCarousel casts={movie.casts} />}
        <section aria-labelledby="reviews" className="flex flex-col gap-6">
          <h2 id="reviews" className="text-2xl font-bold">
            Reviews
          </h2>
          <div className="grid gap-8 rounded-lg border border-border/40 bg-dry p-4 sm:p-8 lg:grid-cols-2">
            <ReviewForm movieId={movie._id} movieName={movie.name} reviews={movie.reviews} count={movie.countReviews} />
            <ReviewList movieId={movie._id} reviews={movie.reviews} count={movie.countReviews} movieName={movie.name} />
          </div>
        </section>
        {moreLike.length > 0 && <MovieRow id="more-like-this" title="More like this" movies={moreLike} />}
        {related.length > 0 && (
          <section aria-labelledby="related" className="flex flex-col gap-6">
            <h2 id="related" className="text-2xl font-bold">
              Related Movies
            </h2>
            <MovieGrid
              movies={related}
              className="grid grid-cols-2 gap-3 sm:gap-6 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
            />
          </section>
        )}
      </div>
    </main>
  );
}

/** schema.org data lets search engines show the film with its rating. */
async function StructuredData({ movie }: { movie: MovieDetail }) {
  const origin = await pagePublicOrigin();
  const runtime = movieRuntime(movie.hour, movie.durationSeconds);
  const structured = {
    "@context": "https://schema.org",
    "@type": "Movie",
    name: movie.name,
    description: movie.desc,
    url: `${origin}/movie/${movie._id}`,
    image: absoluteMediaUrl(movie.image, origin),
    // Only the release year is known: an ISO 8601 date may be just the year.
    datePublished: String(movie.year),
    genre: movie.categoryName,
    inLanguage: languageCode(movie.language),
    duration: runtime.iso,
    actor: movie.casts.map((cast) => ({ "@type": "Person", name: cast.name })),
    ...(movie.countReviews > 0 && {
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: movie.rate,
        bestRating: 5,
        worstRating: 0,
        ratingCount: movie.countReviews,
      },
    }),
  };
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(structured).replace(/</g, "\\u003c") }}
    />
  );
}
