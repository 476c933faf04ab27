import "server-only";
// "Download my data" (GET /api/user/export): everything Marquee keeps about a member, everything they
// can see or set on the account pages, in one JSON document they can read or take elsewhere. The shape
// is versioned and documented (docs/api.md "Download my data"). Secrets (the password hash,
// passkeys' public keys, link tokens, sessions) are not data about the member and stay out.
import { db } from "@/lib/database/db";
import { notSignedIn } from "@/lib/errors";
import { ACCOUNT_EXPORT_VERSION, type AccountExport } from "@/lib/api-shapes";
import { listPasskeys } from "./passkeys";
import { getAccountOverview } from "./users";
import { isWatched } from "./progress";

export type { AccountExport };

/** The export, with the profile picture as stored (the route makes it absolute). */
export async function exportAccountData(userId: string): Promise<AccountExport> {
  const [user, account, passkeys, favorites, myList, reviews, progress] = await Promise.all([
    db.user.findUnique({
      where: { id: userId },
      select: {
        id: true,
        fullName: true,
        email: true,
        image: true,
        isAdmin: true,
        createdAt: true,
        autoplayNext: true,
      },
    }),
    getAccountOverview(userId),
    listPasskeys(userId),
    db.favorite.findMany({
      where: { userId },
      select: { createdAt: true, movie: { select: { id: true, name: true, year: true } } },
      orderBy: [{ createdAt: "desc" }, { movieId: "asc" }],
    }),
    db.myListEntry.findMany({
      where: { userId },
      select: { createdAt: true, movie: { select: { id: true, name: true, year: true } } },
      orderBy: [{ createdAt: "desc" }, { movieId: "asc" }],
    }),
    db.review.findMany({
      where: { userId },
      select: {
        id: true,
        rating: true,
        comment: true,
        createdAt: true,
        updatedAt: true,
        movie: { select: { id: true, name: true } },
      },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    }),
    db.watchProgress.findMany({
      where: { userId },
      select: { position: true, duration: true, updatedAt: true, movie: { select: { id: true, name: true } } },
      orderBy: [{ updatedAt: "desc" }, { movieId: "asc" }],
    }),
  ]);
  if (!user) throw notSignedIn("Not authorized, token failed");
  return {
    version: ACCOUNT_EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    profile: {
      _id: user.id,
      fullName: user.fullName,
      email: user.email,
      emailVerified: account.emailVerified,
      pendingEmail: account.pendingEmail,
      image: user.image,
      isAdmin: user.isAdmin,
      hasPassword: account.hasPassword,
      createdAt: user.createdAt.toISOString(),
    },
    settings: { autoplayNext: user.autoplayNext },
    passkeys,
    favorites: favorites.map(({ createdAt, movie }) => ({
      movieId: movie.id,
      name: movie.name,
      year: movie.year,
      likedAt: createdAt.toISOString(),
    })),
    myList: myList.map(({ createdAt, movie }) => ({
      movieId: movie.id,
      name: movie.name,
      year: movie.year,
      addedAt: createdAt.toISOString(),
    })),
    reviews: reviews.map((review) => ({
      _id: review.id,
      movieId: review.movie.id,
      movieName: review.movie.name,
      rating: review.rating,
      comment: review.comment,
      createdAt: review.createdAt.toISOString(),
      updatedAt: review.updatedAt.toISOString(),
    })),
    watchHistory: progress.map(({ position, duration, updatedAt, movie }) => ({
      movieId: movie.id,
      movieName: movie.name,
      position,
      duration,
      watched: isWatched(position, duration),
      watchedAt: updatedAt.toISOString(),
    })),
  };
}

/** The file name the download is saved under: `marquee-data-<date>.json`. */
export const exportFileName = (exportedAt: string) => `marquee-data-${exportedAt.slice(0, 10)}.json`;
