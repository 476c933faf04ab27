// One runtime everywhere (issue 28, item 7; issue 39, item 5): once the transcode has probed a movie's
// video, its real length is what every page and the API show, in the one format (lib/media/runtime.ts):
// "2h" typed, "13m" measured, never "2 Hr" beside "12 Min".
import { expect, test } from "vitest";
import { createPrismaClient } from "@/lib/database/prisma";
import { adminToken } from "../support/users";
import { api, baseUrl } from "../support/http";
import { createTestMovie } from "../support/catalogue";

const db = createPrismaClient(process.env.DATABASE_URL!);

test("a probed length replaces the typed hours on the listing card, the movie page and in the API", async () => {
  // An https video: no transcode is queued, so the length set below stays what it is.
  const movie = await createTestMovie({ hour: 2, video: "https://videos.example.test/runtime.mp4" });
  const html = async (path: string) => (await fetch(`${baseUrl}${path}`)).text();
  const search = `/movies/${encodeURIComponent(movie.name)}`;
  expect(await html(`/movie/${movie._id}`)).toMatch(/datetime="PT2H">2h<\/time>/i);
  expect(await html(search)).toMatch(/datetime="PT2H">2h<\/time>/i);

  // As the transcode records it; an edit expires the cached catalogue reads, as the transcode does.
  await db.movie.update({ where: { id: movie._id }, data: { durationSeconds: 754.4 } });
  expect(
    (await api("PUT", `/api/movie/${movie._id}`, { token: await adminToken(), body: { desc: "Probed." } })).status,
  ).toBe(200);

  const listed = await api("GET", `/api/movie?search=${encodeURIComponent(movie.name)}`);
  expect(listed.body.movies[0]).toMatchObject({ _id: movie._id, hour: 2, durationSeconds: 754.4 });
  const runtime = /datetime="PT12M34S">13m<\/time>/i;
  // The movie's own part of its page: the cards below (More like this, Related Movies) show other films' hours.
  const moviePage = (await html(`/movie/${movie._id}`)).split(/More like this|Related Movies/)[0]!;
  expect(moviePage).toMatch(runtime);
  expect(moviePage).not.toContain(">2h<");
  expect(await html(search)).toMatch(runtime);
});
