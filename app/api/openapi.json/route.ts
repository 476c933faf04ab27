import { preflight, route } from "@/lib/http";
import { openApiDocument } from "@/lib/openapi";

export const dynamic = "force-dynamic";

export const GET = route(async () => openApiDocument());

export const OPTIONS = preflight;
