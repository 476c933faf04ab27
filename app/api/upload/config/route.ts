import { preflight, route } from "@/lib/http";
import { uploadConfig } from "@/lib/media/direct-upload";

/** How clients should upload: through POST /api/upload, or straight to storage (s3), and the limits. */
export const GET = route(() => uploadConfig());

export const OPTIONS = preflight;
