export { route, json, readJson, readBoundedText, parseJson, errorResponse } from "./handler";
export { preflight, withCors } from "./cors";
export { HttpError, badRequest, unauthorized, forbidden, notFound, conflict, type FieldErrors } from "./errors";
