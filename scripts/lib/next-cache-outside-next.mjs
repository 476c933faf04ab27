// A module resolve hook (node:module register) for scripts that call lib/data outside Next, such as
// scripts/bench-search.ts. Next's cacheLife()/cacheTag() throw outside a "use cache" scope, and
// "use cache" only means something to Next's compiler: here next/cache becomes no-ops, so every call
// reads the database, as a cache miss does in the app.
const stub = [
  "export const cacheLife = () => {};",
  "export const cacheTag = () => {};",
  "export const revalidateTag = () => {};",
  "export const updateTag = () => {};",
  "export const revalidatePath = () => {};",
].join("\n");

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "next/cache")
    return { url: `data:text/javascript,${encodeURIComponent(stub)}`, shortCircuit: true };
  return nextResolve(specifier, context);
}
