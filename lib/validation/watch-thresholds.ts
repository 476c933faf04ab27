// When a movie counts as started or watched, shared by the progress schema's readers on the server
// and the player in the browser (no zod here, so the browser's bundle stays without it).

/**
 * Continue watching lists movies started (from 5%) and not watched. From 90% a movie counts as
 * watched (the credits need not be sat through): History says so, the player starts it over, and
 * the up-next suggestion skips it. The one threshold: SQL and client code read these constants.
 */
export const CONTINUE_FROM = 0.05;
export const WATCHED_FROM = 0.9;
