export { route, json, readBoundedText, parseJson, errorResponse } from "./handler";
export { preflight } from "./cors";
export { HttpError, badRequest, notFound } from "./errors";
