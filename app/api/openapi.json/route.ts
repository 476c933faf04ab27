import { preflight, route } from "@/lib/http";
import { openApiDocument } from "@/lib/openapi";

export const GET = route(() => openApiDocument());

export const OPTIONS = preflight;
