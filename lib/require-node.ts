// Imported first by every entry point (server.ts, npm start, npm test, the worker and the other
// scripts): Marquee runs on the maintained Node.js lines only. Node 20 reached end of life in April
// 2026, and pg-boss, Vitest and Lighthouse need 22.12 or newer. Kept free of imports so that it runs
// before anything that an old Node could not load.
const MINIMUM_NODE = [22, 12] as const;

function isSupportedNode(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  return major > MINIMUM_NODE[0] || (major === MINIMUM_NODE[0] && minor >= MINIMUM_NODE[1]);
}

if (!isSupportedNode(process.versions.node)) {
  console.error(
    `Marquee needs Node.js ${MINIMUM_NODE.join(".")} or newer (24 LTS recommended); this is Node.js ${process.version}.\n` +
      "Install a current Node.js (https://nodejs.org) and run the command again.",
  );
  process.exit(1);
}
