// POST /api/upload over HTTP, against the running app: what is accepted, what is refused and with
// which status and message, and that a refused or broken upload leaves nothing in storage.
import http from "node:http";
import { describe, expect, test } from "vitest";
import { baseUrl } from "../support/http";
import { adminToken, memberToken } from "../support/users";
import { imageOf, newFilesSince, storedFiles, videoOf } from "../support/media";

type Upload = { status: number; body: unknown };

async function upload(
  form: FormData | string,
  options: { token?: string; contentType?: string } = {},
): Promise<Upload> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.contentType) headers["content-type"] = options.contentType;
  const response = await fetch(`${baseUrl}/api/upload`, { method: "POST", body: form, headers });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A form with one file field; the name and declared type are what a client claims, nothing more. */
function formWith(
  bytes: Uint8Array,
  fileName: string,
  declaredType = "application/octet-stream",
  field = "file",
): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type: declaredType }), fileName);
  return form;
}

const admin = adminToken;
const member = memberToken;

const UNSUPPORTED = {
  message: "Only images (JPEG, PNG, WebP) and videos (MP4, AVI, MKV, MOV, WMV, FLV) can be uploaded.",
};

describe("accepted files", () => {
  const cases = [
    { label: "PNG", make: () => imageOf("png"), extension: "png", folder: "image", contentType: "image/png" },
    { label: "JPEG", make: () => imageOf("jpeg"), extension: "jpg", folder: "image", contentType: "image/jpeg" },
    { label: "WebP", make: () => imageOf("webp"), extension: "webp", folder: "image", contentType: "image/webp" },
    { label: "MP4", make: () => videoOf("mp4"), extension: "mp4", folder: "movie", contentType: "video/mp4" },
    { label: "AVI", make: () => videoOf("avi"), extension: "avi", folder: "movie", contentType: "video/x-msvideo" },
    { label: "MKV", make: () => videoOf("mkv"), extension: "mkv", folder: "movie", contentType: "video/x-matroska" },
    { label: "MOV", make: () => videoOf("mov"), extension: "mov", folder: "movie", contentType: "video/quicktime" },
    { label: "WMV", make: () => videoOf("wmv"), extension: "wmv", folder: "movie", contentType: "video/x-ms-wmv" },
    { label: "FLV", make: () => videoOf("flv"), extension: "flv", folder: "movie", contentType: "video/x-flv" },
  ];

  test.each(cases)(
    "an admin uploads a $label: 200 with the URL, served back byte for byte",
    async ({ make, extension, folder, contentType }) => {
      const bytes = await make();
      // A misleading name and declared type: the leading bytes decide.
      const response = await upload(formWith(bytes, "holiday.txt", "text/plain"), { token: await admin() });
      expect(response.status).toBe(200);
      // Absolute (docs/api.md "Shapes"), on the address the request was made to.
      expect(response.body).toMatch(new RegExp(`^${baseUrl}/api/upload/${folder}/[0-9a-f-]{36}\\.${extension}$`));

      const served = await fetch(response.body as string);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(contentType);
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    },
  );

  test("a member may upload an image", async () => {
    const response = await upload(formWith(await imageOf("webp"), "me.webp", "image/webp"), { token: await member() });
    expect(response.status).toBe(200);
    expect(response.body).toMatch(new RegExp(`^${baseUrl}/api/upload/image/[0-9a-f-]{36}\\.webp$`));
  });

  test("the client's file name never reaches the stored name", async () => {
    const response = await upload(formWith(await imageOf("png"), "../../../etc/passwd.png", "image/png"), {
      token: await admin(),
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatch(new RegExp(`^${baseUrl}/api/upload/image/[0-9a-f-]{36}\\.png$`));
  });
});

describe("refused uploads", () => {
  test("anonymous: 401", async () => {
    const before = storedFiles();
    const response = await upload(formWith(await imageOf("png"), "a.png", "image/png"));
    expect(response).toEqual({ status: 401, body: { message: "Not authorized, no token" } });
    expect(newFilesSince(before)).toEqual([]);
  });

  test("a member uploading a video: 403", async () => {
    const before = storedFiles();
    const response = await upload(formWith(videoOf("mp4"), "clip.mp4", "video/mp4"), { token: await member() });
    expect(response).toEqual({ status: 403, body: { message: "Only admins can upload videos." } });
    expect(newFilesSince(before)).toEqual([]);
  });

  test("text behind an image's name and type: 415", async () => {
    const before = storedFiles();
    const text = new TextEncoder().encode("just some notes, not a picture\n".repeat(300));
    const response = await upload(formWith(text, "photo.png", "image/png"), { token: await admin() });
    expect(response).toEqual({ status: 415, body: UNSUPPORTED });
    expect(newFilesSince(before)).toEqual([]);
  });

  test("a real file of a type that is not accepted (GIF): 415", async () => {
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    const response = await upload(formWith(gif, "anim.webp", "image/webp"), { token: await admin() });
    expect(response).toEqual({ status: 415, body: UNSUPPORTED });
  });

  test("an image over the limit, streamed by an admin: 413 once the limit is crossed, nothing kept", async () => {
    const before = storedFiles();
    const png = await imageOf("png");
    const tooBig = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length, 7)]);
    const response = await upload(formWith(tooBig, "big.png", "image/png"), { token: await admin() });
    expect(response).toEqual({ status: 413, body: { message: "The image is too large: the limit is 10 MB." } });
    expect(newFilesSince(before)).toEqual([]);
  });

  test("an image of exactly the limit is accepted", async () => {
    const png = await imageOf("png");
    const atLimit = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 - png.length, 7)]);
    const response = await upload(formWith(atLimit, "big.png", "image/png"), { token: await member() });
    expect(response.status).toBe(200);
  });

  test("a member's body bigger than any image they may upload: 413 before it is read", async () => {
    const png = await imageOf("png");
    const tooBig = Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024, 7)]);
    const response = await upload(formWith(tooBig, "big.png", "image/png"), { token: await member() });
    expect(response).toEqual({ status: 413, body: { message: "The file is too large: the limit is 10 MB." } });
  });

  test("two files: 400, and the first one is not kept", async () => {
    const before = storedFiles();
    const form = formWith(await imageOf("png"), "one.png", "image/png");
    form.append("file", new Blob([new Uint8Array(await imageOf("jpeg"))], { type: "image/jpeg" }), "two.jpg");
    const response = await upload(form, { token: await admin() });
    expect(response).toEqual({ status: 400, body: { message: "Send exactly one file, in a field named file." } });
    // The first file may have been stored before the second arrived: it is deleted again.
    await expect.poll(() => newFilesSince(before)).toEqual([]);
  });

  test("no file: 400", async () => {
    const form = new FormData();
    form.append("title", "no file here");
    const response = await upload(form, { token: await admin() });
    expect(response).toEqual({
      status: 400,
      body: { message: "No file was uploaded: send it in a field named file." },
    });
  });

  test("a file in another field: 400", async () => {
    const response = await upload(formWith(await imageOf("png"), "a.png", "image/png", "image"), {
      token: await admin(),
    });
    expect(response).toEqual({
      status: 400,
      body: { message: "No file was uploaded: send it in a field named file." },
    });
  });

  test("an empty file: 400", async () => {
    const response = await upload(formWith(new Uint8Array(0), "a.png", "image/png"), { token: await admin() });
    expect(response).toEqual({ status: 400, body: { message: "The file is empty." } });
  });

  test("not multipart: 400", async () => {
    const response = await upload(JSON.stringify({ file: "x" }), {
      token: await admin(),
      contentType: "application/json",
    });
    expect(response).toEqual({
      status: 400,
      body: { message: "Send the file as multipart/form-data in a field named file." },
    });
  });

  test("multipart without a boundary: 400", async () => {
    const response = await upload("garbage", {
      token: await admin(),
      contentType: "multipart/form-data; charset=utf-8",
    });
    expect(response).toEqual({
      status: 400,
      body: { message: "Send the file as multipart/form-data in a field named file." },
    });
  });

  test("a body cut off in the middle of the file: 400, nothing kept", async () => {
    const before = storedFiles();
    const boundary = "marquee-test-boundary";
    const png = await imageOf("png");
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.alloc(200_000, 1),
      // no closing boundary
    ]);
    const response = await rawPost(body, {
      authorization: `Bearer ${await admin()}`,
      "content-type": `multipart/form-data; boundary=${boundary}`,
    });
    expect(response).toEqual({
      status: 400,
      body: JSON.stringify({ message: "Send the file as multipart/form-data in a field named file." }),
    });
    await expect.poll(() => newFilesSince(before)).toEqual([]);
  });

  test("a client that hangs up mid-upload leaves nothing behind", async () => {
    const before = storedFiles();
    const boundary = "marquee-test-boundary";
    const png = await imageOf("png");
    const token = await admin();
    const request = http.request(`${baseUrl}/api/upload`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(5_000_000),
      },
    });
    request.on("error", () => {}); // the hang-up is the point
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    request.write(png);
    request.write(Buffer.alloc(1_000_000, 1));
    // Hang up only once the server is visibly writing the file.
    await expect
      .poll(() => newFilesSince(before).some((file) => file.endsWith(".partial")), { timeout: 5000 })
      .toBe(true);
    request.destroy();
    // The server notices the reset, stops writing and removes its partial file.
    await expect.poll(() => newFilesSince(before), { timeout: 5000 }).toEqual([]);
  });
});

function rawPost(body: Buffer, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/api/upload`,
      { method: "POST", headers: { ...headers, "content-length": String(body.length) } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, body: text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
