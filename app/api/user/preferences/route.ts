import { requireUser } from "@/lib/auth";
import { getPreferences, updatePreferences } from "@/lib/data/preferences";
import { parseJson, preflight, route } from "@/lib/http";
import { preferencesSchema } from "@/lib/validation/preferences";

/** The member's playback settings (autoplay of the next film). */
export const GET = route(async (request) => {
  const user = await requireUser(request);
  return getPreferences(user.id);
});

export const PUT = route(async (request) => {
  const user = await requireUser(request);
  return updatePreferences(user.id, await parseJson(request, preferencesSchema));
});

export const OPTIONS = preflight;
