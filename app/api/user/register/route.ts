import { registerUser } from "@/lib/data/users";
import { json, parseJson, preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";
import { registerSchema } from "@/lib/validation/user";

export const POST = route(async (request) => {
  const user = await registerUser(await parseJson(request, registerSchema));
  return json(mediaUrls(request).userInfo(user), 201);
});

export const OPTIONS = preflight;
