// A folder of films (issue 26, docs/import.md): "Title (Year).mkv" files in IMPORT_DIR become drafts
// that nothing public shows until an admin completes and publishes them.
import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { api } from "../support/http";
import { IMAGE, createTestCategory } from "../support/catalogue";
import { putInImportDir, rowsOf, waitForImport } from "../support/imports";
import { imageOf, videoOf } from "../support/media";
import { adminToken } from "../support/users";

async function scan(dryRun: boolean) {
  const started = await api("POST", "/api/admin/imports/folder", { token: await adminToken(), body: { dryRun } });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const summary = await waitForImport(started.body._id);
  expect(summary.state).toBe("done");
  return { summary, rows: await rowsOf(started.body._id) };
}

describe("a folder of films", () => {
  test("new films become drafts, hidden from the public until completed and published", async () => {
    // A title no other movie has, so the public search could only find this one.
    const title = `Zephyr ${randomUUID()
      .replace(/[^a-z]/g, "")
      .slice(0, 6)} Quest`;
    const folder = `films-${randomUUID().slice(0, 8)}/${title} (2004)`;
    const video = putInImportDir(`${folder}/${title} (2004).mkv`, videoOf("mkv"));
    putInImportDir(`${folder}/poster.jpg`, await imageOf("jpeg"));
    // Extras and samples are not films.
    putInImportDir(`${folder}/trailers/${title} Trailer (2004).mkv`, videoOf("mkv"));
    putInImportDir(`${folder}/${title} (2004)-sample.mkv`, videoOf("mkv"));
    const externalId = `folder:${video}`;

    const dry = await scan(true);
    expect(dry.rows.find((row) => row.externalId === externalId)).toMatchObject({
      name: title,
      outcome: "created",
      errors: [],
      movieId: null,
    });
    expect(dry.rows.some((row) => row.externalId.includes("Trailer") || row.externalId.includes("-sample"))).toBe(
      false,
    );
    const none = await api("GET", `/api/admin/movies?search=${encodeURIComponent(title)}`, {
      token: await adminToken(),
    });
    expect(none.body.moviesCount).toBe(0);

    const real = await scan(false);
    const row = real.rows.find((item) => item.externalId === externalId)!;
    expect(row).toMatchObject({ outcome: "created", errors: [] });
    const id = row.movieId!;

    // The admin list shows it as a draft, with the poster found beside the file.
    const drafts = await api("GET", `/api/admin/movies?status=draft&search=${encodeURIComponent(title)}`, {
      token: await adminToken(),
    });
    expect(drafts.body.movies).toMatchObject([
      { _id: id, name: title, year: 2004, draft: true, category: null, hour: null, externalId },
    ]);
    expect(drafts.body.movies[0].image).toMatch(/\/api\/upload\/image\/[0-9a-f-]{36}\.jpg$/);
    expect(drafts.body.movies[0].video).toMatch(/\/api\/upload\/movie\/[0-9a-f-]{36}\.mkv$/);

    // Nothing public shows it.
    const publicSearch = await api("GET", `/api/movie?search=${encodeURIComponent(title)}`);
    expect(publicSearch.body).toMatchObject({ moviesCount: 0, movies: [] });
    expect((await api("GET", `/api/movie/suggest?q=${encodeURIComponent(title)}`)).body).toEqual([]);
    expect((await api("GET", `/api/movie/${id}`)).status).toBe(404);
    expect((await api("GET", `/movie/${id}`)).status).toBe(404);
    const sitemap = await api<string>("GET", "/sitemap.xml");
    expect(sitemap.body).not.toContain(id);

    // Scanning again leaves it alone (an admin may be completing it).
    const again = await scan(false);
    expect(again.rows.find((item) => item.externalId === externalId)).toMatchObject({
      outcome: "skipped",
      movieId: id,
    });

    // Completed and published by the admin: public everywhere.
    const category = await createTestCategory();
    const incomplete = await api("PUT", `/api/movie/${id}`, {
      token: await adminToken(),
      body: { draft: false, category: category._id },
    });
    expect(incomplete).toMatchObject({ status: 400, body: { message: "Decs is required" } });
    expect((await api("GET", `/api/movie/${id}`)).status).toBe(404);
    const published = await api("PUT", `/api/movie/${id}`, {
      token: await adminToken(),
      body: {
        draft: false,
        desc: "Found in the folder, completed by an admin.",
        titleImage: IMAGE,
        language: "English",
        hour: 2,
        category: category._id,
        casts: [{ name: "Ada Lane", image: IMAGE }],
      },
    });
    expect(published).toMatchObject({
      status: 200,
      body: { _id: id, name: title, year: 2004, category: category._id },
    });
    expect((await api("GET", `/api/movie/${id}`)).status).toBe(200);
    const found = await api("GET", `/api/movie?search=${encodeURIComponent(title)}`);
    expect(found.body.movies.map((movie: { _id: string }) => movie._id)).toEqual([id]);
    expect((await api("GET", `/movie/${id}`)).status).toBe(200);
  });

  test("a film without a year in its name is reported, not guessed", async () => {
    const name = `No Year ${randomUUID().slice(0, 8)}.mp4`;
    putInImportDir(`loose-${randomUUID().slice(0, 8)}/${name}`, videoOf("mp4"));
    const { rows } = await scan(true);
    expect(rows.find((row) => row.externalId.endsWith(name))).toMatchObject({
      outcome: "failed",
      errors: [{ field: "year", message: `"${name}" has no year: name it "Title (Year).mp4"` }],
    });
  });
});
