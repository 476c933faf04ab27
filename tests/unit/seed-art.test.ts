import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { posterSvg, renderWebp, titleImageSvg } from "@/prisma/seed/art";
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

test("drawn art is kept by its SVG's digest, so the next fresh database reads it instead of drawing it again", async () => {
  const cache = path.join(import.meta.dirname, "../../node_modules/.cache/marquee-seed-art");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#${randomBytes(3).toString("hex")}"/></svg>`;
  const before = fs.existsSync(cache) ? fs.readdirSync(cache) : [];
  const drawn = await renderWebp(svg);
  // The suite seeds its template database at the same time, which adds files here too: ours is the
  // new file holding the bytes just drawn.
  const added = fs
    .readdirSync(cache)
    .filter((name) => !before.includes(name) && name.endsWith(".webp"))
    .filter((name) => fs.readFileSync(path.join(cache, name)).equals(drawn));
  expect(added).toHaveLength(1);
  expect(added[0]).toMatch(/^[0-9a-f]{64}\.webp$/);
  // What the next seed gets is the file: overwrite it, and the overwritten bytes come back.
  const kept = path.join(cache, added[0]!);
  expect(fs.readFileSync(kept).equals(drawn)).toBe(true);
  fs.writeFileSync(kept, Buffer.from("from the cache"));
  expect((await renderWebp(svg)).toString()).toBe("from the cache");
  fs.rmSync(kept);
});
