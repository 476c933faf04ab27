import { preflight, route } from "@/lib/http";
import { openApiDocument } from "@/lib/openapi";

export const GET = route(async () => openApiDocument());

export const OPTIONS = preflight;
