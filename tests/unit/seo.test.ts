import { expect, test } from "vitest";
import { languageCode, truncateAtWord } from "@/lib/seo";
import { LANGUAGES } from "@/lib/validation/movie";

test("a long description is cut after its last whole word, with an ellipsis, within the limit", () => {
  const text = "A retired detective returns to the city that broke him, chasing a killer who signs every crime with a line from a forgotten film noir, while the rain never stops.";
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
