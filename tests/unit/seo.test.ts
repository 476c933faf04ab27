import { expect, test } from "vitest";
import { languageCode, listingDescription, truncateAtWord } from "@/lib/seo";
import { LANGUAGES } from "@/lib/validation/movie";

test("a long description is cut after its last whole word, with an ellipsis, within the limit", () => {
  const text =
    "A retired detective returns to the city that broke him, chasing a killer who signs every crime with a line from a forgotten film noir, while the rain never stops.";
  const cut = truncateAtWord(text, 60);
  expect(cut).toBe("A retired detective returns to the city that broke him…");
  expect(cut.length).toBeLessThanOrEqual(60);
});

test("a short description stays whole; spaces and line breaks collapse", () => {
  expect(truncateAtWord("  Two friends,\n one summer.  ", 60)).toBe("Two friends, one summer.");
});

test("a single word longer than the limit is cut inside it rather than dropped", () => {
  expect(truncateAtWord("Supercalifragilisticexpialidocious", 10)).toBe("Supercali…");
});

test("every catalogue language has a BCP 47 code; an unknown name has none", () => {
  for (const language of LANGUAGES) expect(languageCode(language)).toMatch(/^[a-z]{2}$/);
  expect(languageCode("English")).toBe("en");
  expect(languageCode("Klingon")).toBeUndefined();
});

test("the listing's description says what it lists: every movie, or the search and each filter in words", () => {
  expect(listingDescription("", {})).toBe(
    "Every movie in the Marquee catalogue. Posters, cast and reviews; sign in to stream.",
  );
  expect(
    listingDescription(
      "",
      { category: "c1", language: "French", year: "2024", rate: "4", time: "2", sort: "rate", page: 2 },
      "Action",
    ),
  ).toBe(
    "Action movies in French from 2024, rated 4 stars and up, 2 hours long, in the Marquee catalogue, top rated first. Page 2.",
  );
  expect(listingDescription("night train", { rate: "1", time: "1" })).toBe(
    "Movies matching “night train”, rated 1 star and up, 1 hour long, in the Marquee catalogue. Posters, cast and reviews; sign in to stream.",
  );
  const long = listingDescription("a very long search term ".repeat(8).trim(), {});
  expect(long.length).toBeLessThanOrEqual(160);
  expect(long).toMatch(/^Movies matching “a very long search term a very long .*…$/);
  expect(listingDescription("", { sort: "name" })).toBe(
    "Every movie in the Marquee catalogue, from A to Z. Posters, cast and reviews; sign in to stream.",
  );
});
