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
