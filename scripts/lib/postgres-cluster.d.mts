// Types for postgres-cluster.mjs (plain JavaScript, so that the launcher runs it without a TypeScript
// loader), for the TypeScript that uses it through scripts/lib/embedded-postgres.ts.

export type EmbeddedPostgres = {
  /** Connection URL of the `postgres` maintenance database; use `urlFor(name)` for others. */
  url: string;
  port: number;
  dataDir: string;
  urlFor(database: string): string;
  createDatabase(database: string): Promise<void>;
  /** False when this process uses a server another live process started (and will stop). */
  owned: boolean;
  /** Whether the server process is alive. */
  isRunning(): boolean;
  /** Starts the server again, on the same port, after it died. Throws when it does not come up. */
  restart(): void;
  stop(): Promise<void>;
};

export type StartOptions = {
  /** Folder holding the cluster; created and initialised on first use. */
  dataDir: string;
  /** Port to listen on; a free one is chosen when omitted. */
  port?: number;
  /** Server settings beyond the defaults, passed as `-c name=value` (e.g. wal_level for logical replication). */
  settings?: Record<string, string>;
  log?: (line: string) => void;
};

export type Database = { url: string; embedded: EmbeddedPostgres | null; stop(): Promise<void> };

export type Supervision = { stop(): void };

export type SupervisionOptions = {
  onGiveUp: (error: Error) => void;
  log?: (line: string) => void;
  intervalMs?: number;
  backoffMs?: number;
  maxFailures?: number;
};

export declare function freePort(): Promise<number>;
export declare function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedPostgres>;
export declare function openDatabase(options: {
  url?: string;
  dataDir: string;
  name: string;
  port?: number;
  settings?: Record<string, string>;
  log: (line: string) => void;
}): Promise<Database>;
export declare function superviseEmbeddedPostgres(db: EmbeddedPostgres, options: SupervisionOptions): Supervision;
