// The configured storage driver. Which one is configuration only (STORAGE_DRIVER).
import path from "node:path";
import { dataDir, env } from "@/lib/env";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";
import type { StorageDriver } from "./types";

export * from "./types";
export { newStorageKey, urlOf, keyOfUrl, isStorageKey, contentTypeOf, hlsFolderOf, type StorageFolder } from "./keys";

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
      return createS3Storage({
        // lib/env.ts refuses STORAGE_DRIVER=s3 without S3_BUCKET.
        bucket: env.S3_BUCKET!,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
        credentials:
          env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
            : undefined,
        publicUrl: env.S3_PUBLIC_URL,
      });
  }
}
