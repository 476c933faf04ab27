// When a movie counts as started or watched, shared by the progress schema's readers on the server
// and the player in the browser (no zod here, so the browser's bundle stays without it).

/** Continue watching lists movies started (from 5%) and not finished (up to 95%). */
export const CONTINUE_FROM = 0.05;
export const WATCHED_FROM = 0.95;
