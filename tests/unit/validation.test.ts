import { describe, expect, test } from "vitest";
import { keyOfUrl } from "@/lib/storage/keys";
import { isAcceptedMediaUrl } from "@/lib/validation/fields";
import { LANGUAGES } from "@/lib/validation/movie";
import { RATING_OPTIONS } from "@/lib/validation/review";
import { passwordFormSchema, passwordSchema } from "@/lib/validation/user";

describe("media URLs", () => {
  // lib/validation keeps its own copy of the upload URL pattern (forms cannot import storage code).
  test.each([
    "/api/upload/image/0f8fad5b-d9cb-469f-a165-70867728950e.webp",
    "/api/upload/movie/clip.mp4",
    "http://localhost:3000/api/upload/image/a.png",
    "/api/upload/image/../secret.png",
    "/api/upload/other/a.png",
    "/api/upload/image/a.exe",
    "/api/upload/image/.hidden.png",
    "/api/upload/image/a b.png",
    "/api/upload/subtitle/3f2c.vtt",
    "/api/upload/subtitle/3f2c.srt",
  ])("%s: the validation agrees with the storage module", (url) => {
    const key = keyOfUrl(url);
    const accepted =
      isAcceptedMediaUrl(url, "image") || isAcceptedMediaUrl(url, "movie") || isAcceptedMediaUrl(url, "subtitle");
    expect(accepted).toBe(key !== null);
  });

  test("image fields take images, the video field takes videos, https URLs pass, other schemes do not", () => {
    expect(isAcceptedMediaUrl("/api/upload/image/a.webp", "image")).toBe(true);
    expect(isAcceptedMediaUrl("/api/upload/image/a.webp", "movie")).toBe(false);
    expect(isAcceptedMediaUrl("/api/upload/movie/a.mp4", "movie")).toBe(true);
    expect(isAcceptedMediaUrl("https://cdn.example.com/a.jpg", "image")).toBe(true);
    for (const url of [
      "http://cdn.example.com/a.jpg",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//evil.example/a.png",
      "a.png",
    ]) {
      expect(isAcceptedMediaUrl(url, "image"), url).toBe(false);
    }
  });
});

describe("password change", () => {
  const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message) ?? [];

  test("the API checks the confirmation only when it is sent; the /password form always asks for it", () => {
    const bare = { oldPassword: "secret1", newPassword: "newpass1" };
    expect(passwordSchema.safeParse(bare).success).toBe(true);
    expect(issues(passwordFormSchema.safeParse(bare))).toEqual(["Confirm password is required"]);
    for (const schema of [passwordSchema, passwordFormSchema]) {
      expect(schema.safeParse({ ...bare, comfirmPassword: "newpass1" }).success).toBe(true);
      expect(issues(schema.safeParse({ ...bare, comfirmPassword: "other12" }))).toEqual(["Passwords must match"]);
    }
    expect(issues(passwordSchema.safeParse({ ...bare, confirmPassword: "other12" }))).toEqual(["Passwords must match"]);
  });

  test("the /password form submitted empty says every field is required, Confirm Password too", () => {
    expect(issues(passwordFormSchema.safeParse({ oldPassword: "", newPassword: "", comfirmPassword: "" }))).toEqual([
      "Password is required",
      "New password is required",
      "Confirm password is required",
    ]);
  });
});

test("the option lists the forms show", () => {
  // The language filter of docs/product.md "Catalogue and filters", in its order: the filter bar and the movie
  // form offer these.
  const specLanguages =
    "English, Arabic, French, German, Spanish, Italian, Russian, Chinese, Japanese, Korean, Hindi, Urdu, Turkish, Portuguese, Dutch, Swedish, Danish, Norwegian, Finnish, Indonesian, Malay, Thai, Vietnamese, Hebrew, Greek, Polish, Romanian, Swahili";
  expect(LANGUAGES).toEqual(specLanguages.split(", "));
  expect(RATING_OPTIONS.map((o) => o.label)).toEqual([
    "0-Poor",
    "1-Fair",
    "2-Good",
    "3-Very good",
    "4-Excellent",
    "5-Masterpice",
  ]);
});
