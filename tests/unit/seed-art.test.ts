import { expect, test } from "vitest";
import { posterSvg, titleImageSvg } from "@/prisma/seed/art";
import { demoMovies } from "@/prisma/seed/catalogue";

test("the demo backdrops carry no lettering: the banner and the movie page print the title themselves", () => {
  for (const movie of demoMovies) {
    const backdrop = titleImageSvg(movie);
    expect(backdrop, movie.slug).not.toContain("<text");
    expect(backdrop, movie.slug).toMatch(/^<\?xml[\s\S]*<svg[\s\S]*<\/svg>\s*$/);
  }
  // Posters keep their title: a poster is the film's own art, shown with its name below it.
  expect(posterSvg(demoMovies[0]!)).toContain("<text");
});
