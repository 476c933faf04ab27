export { route, json, readBoundedText, parseJson, checkJsonKeys, errorResponse } from "./handler";
export { preflight } from "./cors";
