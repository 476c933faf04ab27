// X-Accel-Redirect mode (docs/media.md, "Behind nginx"): the app names the file and its headers and
// leaves the disk to nginx. No stat, no open; Content-Length: 0 so nginx keeps the connection.
import { describe, expect, test } from "vitest";
import { answerFileRequest } from "@/lib/media/file-answer";
import type { StorageDriver } from "@/lib/storage/types";

const untouchable = (name: "local" | "s3"): StorageDriver => {
  const refuse = () => Promise.reject(new Error("the disk was touched"));
  return {
    name,
    put: refuse,
    stat: refuse,
    open: refuse,
    read: refuse,
    delete: refuse,
    check: refuse,
    list: () => ({ [Symbol.asyncIterator]: () => ({ next: refuse }) }),
  };
};
const get = (query = "", headers: Record<string, string> = {}) => ({
  method: "GET",
  query: new URLSearchParams(query),
  headers: { get: (name: string) => headers[name] ?? null },
});
const prefix = { accelRedirectPrefix: "/protected-uploads/" };

describe("answerFileRequest with MEDIA_ACCEL_REDIRECT_PREFIX", () => {
  test("a stored video: headers only, the disk untouched, whatever Range was asked", async () => {
    const answer = await answerFileRequest(
      get("", { range: "bytes=100-199" }),
      "movie/abc.mp4",
      untouchable("local"),
      prefix,
    );
    expect(answer).toEqual({
      status: 200,
      headers: {
        "Content-Type": "video/mp4",
        "X-Content-Type-Options": "nosniff",
        "X-Accel-Redirect": "/protected-uploads/movie/abc.mp4",
        "Content-Length": "0",
      },
      body: { kind: "none" },
    });
  });

  test("a download keeps the movie's name for nginx to pass on", async () => {
    const answer = await answerFileRequest(
      get("download=1&name=Neon Grid"),
      "movie/abc.mp4",
      untouchable("local"),
      prefix,
    );
    expect(answer.headers["Content-Disposition"]).toBe(
      `attachment; filename="Neon Grid.mp4"; filename*=UTF-8''Neon%20Grid.mp4`,
    );
    expect(answer.headers["X-Accel-Redirect"]).toBe("/protected-uploads/movie/abc.mp4");
  });

  test("the s3 driver ignores it: the app reads the object itself", async () => {
    await expect(answerFileRequest(get(), "movie/abc.mp4", untouchable("s3"), prefix)).rejects.toThrow(
      "the disk was touched",
    );
  });
});
