import { Thumbnail, cellClass } from "@/components/ui/data-table";

/** A movie's first cells in a table row: its picture, name, category, language and year (favourites, recent movies). */
export function MovieCells({
  movie,
}: {
  movie: { image: string; name: string; category: { name: string }; language: string; year: number };
}) {
  return (
    <>
      <td className={cellClass}>
        <Thumbnail src={movie.image} alt="" />
      </td>
      <td className={`${cellClass} font-semibold`}>{movie.name}</td>
      <td className={cellClass}>{movie.category.name}</td>
      <td className={cellClass}>{movie.language}</td>
      <td className={cellClass}>{movie.year}</td>
    </>
  );
}
