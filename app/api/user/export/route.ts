import { requireUser } from "@/lib/auth";
import { exportAccountData, exportFileName } from "@/lib/data/account-export";
import { preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";

/** "Download my data": the member's profile, passkeys, favourites, reviews and watch history as a JSON file. */
export const GET = route(async (request) => {
  const user = await requireUser(request);
  const data = await exportAccountData(user.id);
  const body = { ...data, profile: mediaUrls(request).user(data.profile) };
  return new Response(`${JSON.stringify(body, null, 2)}\n`, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${exportFileName(data.exportedAt)}"`,
      "cache-control": "private, no-store",
    },
  });
});

export const OPTIONS = preflight;
