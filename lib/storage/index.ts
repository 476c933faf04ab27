// The configured storage driver. Which one is configuration only (STORAGE_DRIVER).
import path from "node:path";
import { dataDir, env } from "@/lib/env";
import { createLocalStorage } from "./local";
import type { StorageDriver } from "./types";

export * from "./types";
export { newStorageKey, urlOf, keyOfUrl, isStorageKey, contentTypeOf, type StorageFolder } from "./keys";

let driver: StorageDriver | undefined;

export function storage(): StorageDriver {
  driver ??= createStorage();
  return driver;
}

function createStorage(): StorageDriver {
  switch (env.STORAGE_DRIVER) {
    case "local":
      return createLocalStorage(env.STORAGE_LOCAL_DIR ?? path.join(dataDir(), "uploads"));
    case "s3":
      throw new Error("STORAGE_DRIVER=s3 is not available yet");
  }
}
