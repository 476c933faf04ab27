// The layers of the code, kept by `npm run lint` (dependency-cruiser): see docs/architecture.md
// "Layers". One graph of every import, built once, answers all the rules below; ESLint's
// import/no-cycle built it again per file and took three quarters of the lint's time.
/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "No module may import itself back through others, type-only and dynamic imports included: a cycle means two modules are one, or one holds the wrong thing.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-folder-cycle",
      severity: "error",
      comment:
        "No folder may import a folder that imports it back: a capability's home depends on the ones below it, never on its callers.",
      scope: "folder",
      from: { path: "^(lib|components|app)/" },
      to: { circular: true },
    },
    {
      name: "lib-not-up",
      severity: "error",
      comment: "lib/ is below the screens: it never imports components/ or app/.",
      from: { path: "^lib/" },
      to: { path: "^(components|app)/" },
    },
    {
      name: "components-not-up",
      severity: "error",
      comment: "components/ is below the routes: it never imports app/.",
      from: { path: "^components/" },
      to: { path: "^app/" },
    },
    {
      name: "http-errors-only-in-http",
      severity: "error",
      comment:
        "lib/ and app/ throw the domain's errors (lib/errors.ts); only lib/http turns them into statuses and headers (lib/http/errors.ts), so no other file may import that mapping.",
      from: { pathNot: "^lib/http/" },
      to: { path: "^lib/http/errors\\.ts$" },
    },
    {
      name: "data-writes-without-side-effects",
      severity: "error",
      comment:
        "lib/data reads and writes the database, nothing else: a write hands back what it leaves to do (lib/data/write-effects.ts) and lib/writes (or the import job) expires the cache tags, deletes the files and queues the jobs.",
      from: { path: "^lib/data/" },
      to: { path: "^lib/(jobs/|media/cleanup\\.ts$|cache/expire-tags\\.ts$)" },
    },
    {
      name: "no-next-internals",
      severity: "error",
      comment:
        "Next's internals change without notice. The places that need them are lib/cache/next-internals.mjs (the kept pages) and lib/media/next-image-internals.mjs (resizing pictures in a process of their own), and tests/unit/next-internals.test.ts checks them on every upgrade.",
      from: {
        pathNot:
          "^(lib/cache/next-internals\\.mjs|lib/media/next-image-internals\\.mjs|tests/unit/next-internals\\.test\\.ts)$",
      },
      to: { path: "^node_modules/next/dist/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(lib/generated|\\.next|\\.next-test[^/]*|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
