// The catalogue file both import benchmarks write (bench-import.ts for 10,000 rows,
// bench-import-million.ts for a million): CSV lines of generated movies whose pictures and video are
// files already in this site's storage, as an import that names this site's files (or a re-run) has
// them, so the import measures its rows rather than downloads.
import fs from "node:fs";
import type { MovieRow } from "./bench-catalogue";

/**
 * Stores the three pictures and the demo clip the rows name, and answers the file's header and a
 * function that writes a movie's line. Call it once the environment points at the benchmark's
 * storage and database: the app's modules are loaded here, after that.
 */
export async function benchImportFile(): Promise<{ header: string; line: (movie: MovieRow, index: number) => string }> {
  const { storage, urlOf } = await import("@/lib/storage");
  const { csvColumns, csvHeader, csvLine } = await import("@/lib/import-export/catalogue-file");
  const { imageOf } = await import("@/tests/support/media");
  const stored = { poster: "", still: "", face: "", video: "" };
  for (const [name, format] of [
    ["poster", "jpeg"],
    ["still", "webp"],
    ["face", "png"],
  ] as const) {
    const key = `image/bench-${name}.${format === "jpeg" ? "jpg" : format}` as const;
    await storage().put(key, await imageOf(format), { contentType: `image/${format}` });
    stored[name] = urlOf(key);
  }
  await storage().put("movie/bench-clip.mp4", fs.readFileSync("prisma/seed/media/colour-bars.mp4"), {
    contentType: "video/mp4",
  });
  stored.video = urlOf("movie/bench-clip.mp4");

  const columns = csvColumns(3, 0);
  return {
    header: csvHeader(columns),
    line: (movie, index) =>
      csvLine(
        {
          id: `bench-${index}`,
          name: movie.name,
          desc: `${movie.name}: a generated movie for the import benchmark.`,
          year: movie.year,
          hour: movie.hour,
          language: movie.language,
          category: movie.category,
          image: stored.poster,
          titleImage: stored.still,
          video: stored.video,
          casts: movie.casts.map((name) => ({ name, image: stored.face })),
        },
        columns,
      ),
  };
}
