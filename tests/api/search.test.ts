// The search rules of docs/api.md ("Search"), through GET /api/movie and GET /api/movie/suggest.
// The movies live in a category of their own, and the listing is filtered by it wherever an exact
// list is asserted, so other tests' movies never change the answers.
import { beforeAll, describe, expect, test } from "vitest";
import { api, baseUrl } from "../support/http";
import { createTestCategory, createTestMovie, IMAGE } from "../support/catalogue";
import { adminToken, freshUser } from "../support/users";

type Item = { _id: string; name: string };
type Page = { movies: Item[]; moviesCount: number; totalPage: number; currentPage: number };

let category: { _id: string; name: string };
const ids: Record<string, string> = {};

async function list(query: string): Promise<Page> {
  const response = await api("GET", `/api/movie?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Page;
}

/** Names found for `search` within this file's category, in the order the API ranks them. */
async function found(search: string, extra = ""): Promise<string[]> {
  const page = await list(`category=${category._id}&limit=50&search=${encodeURIComponent(search)}${extra}`);
  return page.movies.map((movie) => movie.name);
}

// Created oldest first; "newest" is the last one here.
const MOVIES: { key: string; name: string; year: number; casts?: string[] }[] = [
  { key: "greyHarbour", name: "Grey Harbour Quillon", year: 2001 },
  { key: "zephyrine", name: "Zephyrine Marmalade", year: 2011, casts: ["Orla Quennell"] },
  { key: "quillon", name: "Quillon", year: 2003 },
  { key: "quillonHarbour", name: "Quillon Harbour", year: 2019 },
  { key: "oldQuillon", name: "Old Quillon", year: 2007 },
  { key: "theQuillin", name: "The Quillin", year: 2016 },
  { key: "vexaDawn", name: "Vexa Dawn", year: 2012 },
  { key: "vexaDusk", name: "Vexa Dusk", year: 2012 },
  { key: "vexaNoon", name: "Vexa Noon", year: 2012 },
  { key: "marmaladeCast", name: "Brisk Tidings", year: 2014, casts: ["Ivo Marmalade"] },
  { key: "wolfpack", name: "100% Wolfpack_Club", year: 2020 },
  { key: "accented", name: "Éventail Ørsted", year: 2021 },
  { key: "hexaPoint", name: "Hexa Point", year: 2013 },
  { key: "morrowQuay", name: "Morrow Quay", year: 2015, casts: ["Hal Vexa"] },
  { key: "quailRidge", name: "Quail Ridge", year: 2009 },
];

beforeAll(async () => {
  category = await createTestCategory(`Pelagic ${Date.now().toString(36)}`);
  for (const movie of MOVIES) {
    const casts = (movie.casts ?? ["Test Actor"]).map((name) => ({ name, image: IMAGE }));
    ids[movie.key] = (await createTestMovie({ name: movie.name, year: movie.year, casts }, category._id))._id;
  }
  const reviewer = await freshUser("searcher");
  const review = await api("POST", `/api/movie/review/${ids.vexaDusk}`, {
    token: reviewer.token,
    body: { rating: 5, message: "best of the three" },
  });
  expect(review.status).toBe(200);
});

describe("typos allowed by word length (Typesense's rules: one from 4 letters, two from 7)", () => {
  test("words of 3 letters or fewer must be exact", async () => {
    expect(await found("ivo marmalade")).toEqual(["Brisk Tidings"]);
    expect(await found("iva marmalade")).toEqual([]);
  });

  test("words of 4 to 6 letters forgive one typo: insertion, deletion, substitution or swap", async () => {
    for (const typo of ["vexo", "vexxa", "vxa", "evxa"])
      expect(await found(`${typo} dawn`), typo).toEqual(["Vexa Dawn"]);
    expect(await found("dawn vexo")).toEqual(["Vexa Dawn"]);
    expect(await found("vxeo dawn")).toEqual([]);
    for (const typo of ["hrbour", "harboru"]) expect(await found(`quillon ${typo}`), typo).toContain("Quillon Harbour");
  });

  test("words of 7 letters or more forgive two typos", async () => {
    // Both titles hold both words; "Quillon Harbour" has them in the query's order.
    for (const typo of ["qiullan", "quilolon", "qullon", "quilon"])
      expect(await found(`${typo} harbour`), typo).toEqual(["Quillon Harbour", "Grey Harbour Quillon"]);
    expect(await found("qiullaan harbour")).toEqual([]);
    for (const typo of ["zephyrin", "zehpyrine", "zepyhrinn", "zpehyrien", "zphyrne"])
      expect(await found(`${typo} marmalade`), typo).toEqual(["Zephyrine Marmalade"]);
    expect(await found("zpehyrein marmalade")).toEqual([]);
  });

  test("the longer of the typed and the catalogue's word decides, so a dropped letter costs no budget", async () => {
    // "dwn" (3 letters) is "dawn" (4) less a letter; "qulln" (5) is "quillon" (7) less two.
    expect(await found("dwn vexa")).toEqual(["Vexa Dawn"]);
    expect(await found("qulln harbour")).toEqual(["Quillon Harbour", "Grey Harbour Quillon"]);
  });
});

describe("words", () => {
  test("the last word is a prefix while typing, the others are whole words", async () => {
    expect(await found("zephyrine marm")).toEqual(["Zephyrine Marmalade"]);
    expect(await found("zeph")).toEqual(["Zephyrine Marmalade"]);
    expect(await found("zeph marmalade")).toEqual([]);
  });

  test("every word must match (AND), in any order", async () => {
    expect(await found("marmalade zephyrine")).toEqual(["Zephyrine Marmalade"]);
    expect(await found("zephyrine quillon")).toEqual([]);
  });

  test("case, accents and punctuation are ignored, both ways", async () => {
    expect(await found("ZEPHYRINE, marmalade!")).toEqual(["Zephyrine Marmalade"]);
    expect(await found("Zéphyrine Marmaládé")).toEqual(["Zephyrine Marmalade"]);
    expect(await found("eventail orsted")).toEqual(["Éventail Ørsted"]);
    expect(await found("ÉVENTAIL")).toEqual(["Éventail Ørsted"]);
  });

  test("cast names and the category name match too, ranked below title matches", async () => {
    expect(await found("marmalade")).toEqual(["Zephyrine Marmalade", "Brisk Tidings"]);
    expect(await found("orla quennell")).toEqual(["Zephyrine Marmalade"]);
    const byCategory = await found(category.name.split(" ")[0]!);
    expect(byCategory).toHaveLength(MOVIES.length);
  });

  test("a nonsense word finds nothing", async () => {
    expect(await list("search=qzxwv")).toEqual({ movies: [], moviesCount: 0, totalPage: 0, currentPage: 1 });
  });
});

describe("ranking", () => {
  test("exact title, then title prefix, then the rest", async () => {
    expect((await found("quillon")).slice(0, 2)).toEqual(["Quillon", "Quillon Harbour"]);
  });

  test("exact and prefix word matches before typo matches, a title's or not", async () => {
    // "quil" starts "quillon" and "quillin" (no typo); "quail" is one typo away. Titles starting
    // with the query first, then by rate and newest.
    expect(await found("quil")).toEqual([
      "Quillon Harbour",
      "Quillon",
      "The Quillin",
      "Old Quillon",
      "Grey Harbour Quillon",
      "Quail Ridge",
    ]);
    // "Hal Vexa" holds the word exactly, in the cast; "Hexa Point" a typo of it, in the title.
    expect(await found("vexa")).toEqual(["Vexa Dusk", "Vexa Noon", "Vexa Dawn", "Morrow Quay", "Hexa Point"]);
  });

  test("fewer typos first", async () => {
    const names = await found("quillin");
    expect(names[0]).toBe("The Quillin");
    expect(names.slice(1).sort()).toEqual(["Grey Harbour Quillon", "Old Quillon", "Quillon", "Quillon Harbour"]);
  });

  test("words in the query's order and close together first", async () => {
    // "Grey Harbour Quillon" has them side by side, in order; it is also the older of the two.
    expect(await found("harbour quillon")).toEqual(["Grey Harbour Quillon", "Quillon Harbour"]);
  });

  test("then rating, then newest", async () => {
    expect((await found("vexa")).slice(0, 3)).toEqual(["Vexa Dusk", "Vexa Noon", "Vexa Dawn"]);
  });
});

describe("what the query may contain", () => {
  test("SQL wildcards are plain characters", async () => {
    expect(await found("100% wolfpack")).toEqual(["100% Wolfpack_Club"]);
    expect(await found("w%ck")).toEqual([]);
    expect(await found("wolf_ack")).toEqual([]);
    expect(await found("wolfpack_c")).toEqual(["100% Wolfpack_Club"]);
    expect((await list("search=%25")).movies).toEqual([]);
    expect((await list("search=_")).movies).toEqual([]);
    // Full-width ％ and ＿ fold to % and _ first, and stay characters.
    expect((await list(`search=${encodeURIComponent("％")}`)).movies).toEqual([]);
    expect((await list(`search=${encodeURIComponent("＿")}`)).movies).toEqual([]);
    expect(await found("w％ck")).toEqual([]);
  });

  test("an empty search is no filter; 200 characters are accepted, 201 are not", async () => {
    expect((await list(`category=${category._id}&search=`)).moviesCount).toBe(MOVIES.length);
    expect((await list(`category=${category._id}&search=%20%20`)).moviesCount).toBe(MOVIES.length);
    expect(await found("zephyrine ".repeat(20).slice(0, 200))).toEqual(["Zephyrine Marmalade"]);
    expect((await list(`search=${"q".repeat(200)}`)).movies).toEqual([]);
    expect(await api("GET", `/api/movie?search=${"q".repeat(201)}`)).toMatchObject({
      status: 400,
      body: { message: "search must be at most 200 characters" },
    });
  });

  test("a search page and its count agree, past the end too", async () => {
    const page = await list(`category=${category._id}&search=quillon&limit=2&page=2`);
    expect(page).toMatchObject({ moviesCount: 5, totalPage: 3, currentPage: 2 });
    expect(page.movies).toHaveLength(2);
    expect(await list(`category=${category._id}&search=quillon&limit=2&page=9`)).toEqual({
      movies: [],
      moviesCount: 5,
      totalPage: 3,
      currentPage: 9,
    });
  });
});

describe("the lexicon follows every change", () => {
  test("renaming a movie, replacing its cast, renaming its category", async () => {
    const own = await createTestCategory(`Bathyal ${Date.now().toString(36)}`);
    const movie = await createTestMovie(
      { name: "Cormorant Ledger", casts: [{ name: "Yusra Fenwick", image: IMAGE }] },
      own._id,
    );
    const search = async (term: string) =>
      (await list(`category=${own._id}&search=${encodeURIComponent(term)}`)).movies.map((m) => m.name);
    expect(await search("fenwick")).toEqual(["Cormorant Ledger"]);
    const token = await adminToken();
    const renamed = await api("PUT", `/api/movie/${movie._id}`, {
      token,
      body: { name: "Albatross Ledger", casts: [{ name: "Tobiah Wren", image: IMAGE }] },
    });
    expect(renamed.status).toBe(200);
    expect(await search("cormorant")).toEqual([]);
    expect(await search("albatross")).toEqual(["Albatross Ledger"]);
    expect(await search("fenwick")).toEqual([]);
    expect(await search("tobiah")).toEqual(["Albatross Ledger"]);
    const recategorised = await api("PUT", `/api/category/${own._id}`, {
      token,
      body: { name: `Abyssal ${Date.now().toString(36)}` },
    });
    expect(recategorised.status).toBe(200);
    expect(await search("abyssal")).toEqual(["Albatross Ledger"]);
    expect(await search("bathyal")).toEqual([]);
  });
});

describe("sort=", () => {
  test("newest, top rated, year, A-Z; without it, best matches (or newest) first", async () => {
    expect(await found("vexa", "&sort=newest")).toEqual([
      "Morrow Quay",
      "Hexa Point",
      "Vexa Noon",
      "Vexa Dusk",
      "Vexa Dawn",
    ]);
    expect(await found("quillon", "&sort=year")).toEqual([
      "Quillon Harbour",
      "The Quillin",
      "Old Quillon",
      "Quillon",
      "Grey Harbour Quillon",
    ]);
    expect((await found("vexa", "&sort=rate"))[0]).toBe("Vexa Dusk");
    const az = await list(`category=${category._id}&sort=name&limit=50`);
    expect(az.movies.map((m) => m.name)).toEqual(
      [...MOVIES.map((m) => m.name)].sort((a, b) => fold(a).localeCompare(fold(b))),
    );
    const newest = await list(`category=${category._id}&limit=50`);
    expect(newest.movies.map((m) => m.name)).toEqual(MOVIES.map((m) => m.name).reverse());
  });

  test("an unknown sort is 400", async () => {
    expect(await api("GET", "/api/movie?sort=random")).toMatchObject({
      status: 400,
      body: { message: "sort must be one of newest, rate, year, name" },
    });
  });
});

describe("GET /api/movie/suggest", () => {
  test("up to 8 movies by the same rules, in the suggestion shape", async () => {
    const response = await api("GET", `/api/movie/suggest?q=${encodeURIComponent("zephyrin marm")}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        _id: ids.zephyrine,
        name: "Zephyrine Marmalade",
        year: 2011,
        image: expect.stringContaining("/api/upload/"),
        category: { _id: category._id, name: category.name },
      },
    ]);
    const many = await api("GET", "/api/movie/suggest?q=the");
    expect(many.body).toHaveLength(8);
  });

  test("the same typo rules as search: one typo from 4 letters, two from 7, a dropped letter costing none", async () => {
    const suggested = async (q: string) => {
      const response = await api("GET", `/api/movie/suggest?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      return (response.body as Item[]).map((movie) => movie.name);
    };
    // 4-letter words with one typo each, the last one still a prefix while typing.
    expect(await suggested("evxa dwan")).toEqual(["Vexa Dawn"]);
    expect(await suggested("vexo du")).toEqual(["Vexa Dusk"]);
    // Two typos in a 7-letter word, one of them a dropped letter; then the prefix "harb".
    expect(await suggested("qulln harb")).toEqual(["Quillon Harbour", "Grey Harbour Quillon"]);
    // Beyond the rules: two typos in a 4-letter word, one too many in a 7-letter one.
    expect(await suggested("vxeo dawn")).toEqual([]);
    expect(await suggested("qiullaan harbour")).toEqual([]);
  });

  test("exact and prefix matches before typo matches", async () => {
    const response = await api("GET", "/api/movie/suggest?q=vexa");
    expect(response.status).toBe(200);
    // The titles holding "vexa", then the cast's "Hal Vexa", then "Hexa Point" (one typo).
    expect((response.body as Item[]).map((movie) => movie.name)).toEqual([
      "Vexa Dusk",
      "Vexa Noon",
      "Vexa Dawn",
      "Morrow Quay",
      "Hexa Point",
    ]);
  });

  test("nothing typed or nothing found is an empty list; too long is 400", async () => {
    expect(await api("GET", "/api/movie/suggest?q=")).toMatchObject({ status: 200, body: [] });
    expect(await api("GET", "/api/movie/suggest")).toMatchObject({ status: 200, body: [] });
    expect(await api("GET", "/api/movie/suggest?q=qzxwv")).toMatchObject({ status: 200, body: [] });
    expect(await api("GET", `/api/movie/suggest?q=${"q".repeat(201)}`)).toMatchObject({
      status: 400,
      body: { message: "q must be at most 200 characters" },
    });
  });
});

describe('"Did you mean" on a search page that found nothing', () => {
  /** The name offered, and where its link goes; null when the page offers none. */
  async function offered(search: string): Promise<{ name: string; href: string } | null> {
    const response = await fetch(`${baseUrl}/movies/${encodeURIComponent(search)}`);
    expect(response.status).toBe(200);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("No movies found");
    const match = /Did you mean <a[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>\?/.exec(html);
    return match ? { href: match[1]!, name: match[2]! } : null;
  }

  test("offers the closest title, or the closest cast name, beyond the typos search forgives", async () => {
    expect(await found("zpehyrein marmalade")).toEqual([]);
    expect(await offered("zpehyrein marmalade")).toEqual({
      name: "Zephyrine Marmalade",
      href: "/movies/Zephyrine%20Marmalade",
    });
    // "kwenell" is three typos from "quennell": no match, but Orla Quennell is the closest name.
    expect(await found("orla kwenell")).toEqual([]);
    expect(await offered("orla kwenell")).toEqual({ name: "Orla Quennell", href: "/movies/Orla%20Quennell" });
    expect(await found("Orla Quennell")).toEqual(["Zephyrine Marmalade"]);
    expect(await offered("qzxwv")).toBeNull();
  });
});

/** The folding the API sorts A-Z by, for the names used here. */
const fold = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/Ø/g, "O")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
