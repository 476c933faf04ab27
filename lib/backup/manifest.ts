// What a backup archive holds, listed in its last entry, manifest.json (docs/deploy.md "Backups"):
//
//   database/<Table>.copy.gz   each table in COPY's text format, gzipped, parents before children
//   files/<storage key>        each stored file as it is (pictures, videos, HLS ladders, subtitles)
//   manifest.json              this: versions, migrations, sequences, and every entry's size and sha256
//
// Last, because the checksums are known only once everything else is written; a restore reads the
// archive through once to check them before it touches anything.
import { z } from "zod";

export const MANIFEST_ENTRY = "manifest.json";
export const FORMAT = "marquee-backup";
export const FORMAT_VERSION = 1;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const size = z.number().int().nonnegative();

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  /** The database snapshot's time (the transaction's start), ISO 8601. */
  createdAt: z.string(),
  marqueeVersion: z.string(),
  postgresVersion: z.string(),
  /** The driver the files were read from; any driver can restore them. */
  storageDriver: z.enum(["local", "s3"]),
  /** The migrations the database had, in order: a restore applies exactly these before copying rows in. */
  migrations: z.array(z.object({ name: z.string().min(1), checksum: z.string() })),
  sequences: z.array(
    z.object({ name: z.string().min(1), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
  /** In the order they are copied back in. */
  tables: z.array(
    z.object({
      name: z.string().min(1),
      columns: z.array(z.string().min(1)).min(1),
      entry: z.string().min(1),
      rows: size,
      size,
      sha256,
    }),
  ),
  files: z.array(z.object({ key: z.string().min(1), entry: z.string().min(1), size, sha256 })),
});

export type Manifest = z.infer<typeof manifestSchema>;

export const tableEntry = (table: string) => `database/${table}.copy.gz`;
export const fileEntry = (key: string) => `files/${key}`;
