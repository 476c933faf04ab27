// Process-wide state lives in one typed registry (lib/process-state.ts, docs/architecture.md
// "Process-wide state"): one object per process however often its module is loaded, and no other
// code keeps state on globalThis.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, test, vi } from "vitest";

test("every copy of the registry's module shares one object, as Next's bundle and server.ts do", async () => {
  const first = await import("@/lib/process-state");
  vi.resetModules();
  const second = await import("@/lib/process-state");
  expect(second).not.toBe(first);
  expect(second.processState).toBe(first.processState);
  (first.processState as Record<string, unknown>).probe = "shared";
  expect((second.processState as Record<string, unknown>).probe).toBe("shared");
  delete (first.processState as Record<string, unknown>).probe;
});

test("no code outside the registry keeps anything on globalThis", () => {
  const sources = execFileSync(
    "git",
    ["ls-files", "app", "components", "lib", "scripts", ":(glob)*.ts", ":(glob)*.mjs"],
    {
      encoding: "utf8",
    },
  )
    .split("\n")
    .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !file.startsWith("lib/generated/"))
    .filter((file) => fs.existsSync(file));
  const users = sources.filter((file) => /\bglobalThis\b/.test(fs.readFileSync(file, "utf8")));
  expect(users.sort()).toEqual([
    // Reads the built-in constructors by name (Object, Array, ...), to list what a prototype gained.
    "app/test/prototypes/route.e2e.tsx",
    // Plain JavaScript loaded by Next apart from the bundle: joins the registry by its registered key.
    "lib/cache/handler.mjs",
    "lib/process-state.ts",
  ]);
});
