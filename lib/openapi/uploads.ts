// Uploads (docs/api.md "Subtitles", docs/media.md): files through the app or straight to storage,
// and the stored files served back with Range support.
import { abortSchema, completeSchema, partUrlsSchema, startSchema } from "@/lib/media/direct-upload";
import { multipartBody, pathParam, ref, requestSchema, tagged, type ApiResource, type JsonSchema } from "./operation";

const { anyone, signedIn, admin } = tagged("uploads");
const fileUpload = multipartBody("FileUploadBody");
const UPLOAD_REFUSALS = {
  413: "The file is too large (the message gives the limit)",
  415: "The file's type is not accepted",
  429: "Upload rate or daily quota reached (see Retry-After; admins are unlimited)",
};
const VIDEO_FROM_MEMBER = "A video from a member who is not an admin";
const NO_DIRECT_UPLOAD = "Direct uploads need the s3 storage driver";

/** The files under /api/upload: streamed with Range support (docs/media.md), not JSON. */
const storedFile = (summary: string, parameters: JsonSchema[]) =>
  anyone(`${summary}; Range, If-Range, ETag and \`?download=1[&name=...]\` (docs/media.md)`, {
    parameters,
    responses: {
      200: {
        description: "The file",
        content: {
          "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } },
        },
      },
      206: { description: "The requested range" },
      302: { description: "s3 driver: a short-lived signed URL to fetch it from" },
      304: { description: "Not modified" },
      404: "File not found",
      416: { description: "The range cannot be satisfied" },
    },
  });
const folderAndFile = [pathParam("folder", "image, video or subtitle"), pathParam("file", "The stored name")];
const hlsPath = [pathParam("path", "`<movieId>/<jobId>/<file>`: several segments, only names the transcode writes")];

export const uploadsApi: ApiResource = {
  requestBodies: {
    DirectUploadStartBody: requestSchema(startSchema),
    DirectUploadPartUrlsBody: requestSchema(partUrlsSchema),
    DirectUploadCompleteBody: requestSchema(completeSchema),
    DirectUploadAbortBody: requestSchema(abortSchema),
    FileUploadBody: {
      type: "object",
      properties: { file: { type: "string", contentMediaType: "application/octet-stream", description: "The file" } },
      required: ["file"],
    },
  },
  paths: {
    "/api/upload": {
      post: signedIn(
        "Upload an image (anyone signed in) or a video (admins); the type comes from the file's leading bytes, not its name",
        {
          body: fileUpload,
          responses: {
            200: ["Stored", ref("UploadedFile")],
            400: "Not a multipart body with a `file`",
            403: VIDEO_FROM_MEMBER,
            ...UPLOAD_REFUSALS,
          },
        },
      ),
    },
    "/api/upload/subtitle": {
      post: admin("Upload an SRT or WebVTT subtitle file, stored as WebVTT", {
        body: fileUpload,
        responses: {
          200: ["Stored", ref("UploadedFile")],
          400: "Not multipart, not text, or not valid SRT/WebVTT (the message says where)",
          413: "The file is too large",
        },
      }),
    },
    "/api/upload/config": {
      get: anyone("How to upload: through POST /api/upload, or straight to storage (s3 driver), and the size limits", {
        responses: { 200: ["The upload settings", ref("UploadConfig")] },
      }),
    },
    "/api/upload/multipart": {
      post: signedIn("Start a direct multipart upload to storage (s3 driver)", {
        body: "DirectUploadStartBody",
        responses: {
          200: ["The ticket and how to split the file", ref("StartedUpload")],
          403: VIDEO_FROM_MEMBER,
          404: NO_DIRECT_UPLOAD,
          ...UPLOAD_REFUSALS,
        },
      }),
    },
    "/api/upload/multipart/part-urls": {
      post: signedIn("Presigned URLs to PUT parts of a started upload to", {
        body: "DirectUploadPartUrlsBody",
        responses: { 200: ["One URL per part asked for", ref("PartUrls")], 404: NO_DIRECT_UPLOAD },
      }),
    },
    "/api/upload/multipart/complete": {
      post: signedIn("Finish a direct upload; the stored object is checked (size, type) and deleted when it fails", {
        body: "DirectUploadCompleteBody",
        responses: {
          200: ["Stored", ref("UploadedFile")],
          404: NO_DIRECT_UPLOAD,
          413: "The file is larger than declared or than the limit",
          415: "The file's type is not accepted",
        },
      }),
    },
    "/api/upload/multipart/abort": {
      post: signedIn("Give up a direct upload; storage discards its parts", {
        body: "DirectUploadAbortBody",
        responses: { 200: ["`Upload aborted`", ref("Message")], 404: NO_DIRECT_UPLOAD },
      }),
    },
    "/api/upload/{folder}/{file}": {
      get: storedFile("A stored upload", folderAndFile),
      head: storedFile("The headers of GET", folderAndFile),
    },
    "/api/upload/hls/{path}": {
      get: storedFile("A movie's HLS file: playlist, segment, poster frame or thumbnails", hlsPath),
      head: storedFile("The headers of GET", hlsPath),
    },
  },
};
