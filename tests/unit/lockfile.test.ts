// `npm ci` installs exactly what package-lock.json lists, and fails when package.json asks for
// something it does not. A lockfile rewritten from an existing node_modules keeps only the optional
// packages of the platform it was written on (Next's compiler for macOS and Windows, Tailwind's engine
// for other systems...), so `npm ci` on another platform, or npm's own sync check, fails. This keeps
// the committed lockfile whole: every optional dependency of every locked package is locked too.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

type LockedPackage = {
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
type Lockfile = { lockfileVersion: number; packages: Record<string, LockedPackage> };

const root = path.resolve(import.meta.dirname, "../..");
const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")) as Lockfile;
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as LockedPackage;

/** Where Node would find `name` required from the package at `from`: its own node_modules, then each parent's. */
function resolveLocked(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf("/node_modules/");
    base = parent < 0 ? "" : base.slice(0, parent);
  }
}

describe("package-lock.json", () => {
  test("is a version 3 lockfile (npm 7 and later)", () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  test("locks every optional dependency of every locked package", () => {
    const missing: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolveLocked(location, name)) missing.push(`${location || "(root)"} → ${name}`);
      }
    }
    expect(missing, `${missing.length} optional dependencies are not locked`).toEqual([]);
  });

  test("records package.json's dependencies as they are written there", () => {
    const locked = lock.packages[""]!;
    expect(locked.dependencies).toEqual(manifest.dependencies);
    expect(locked.devDependencies).toEqual(manifest.devDependencies);
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
      expect(lock.packages[`node_modules/${name}`], name).toBeDefined();
    }
  });
});
