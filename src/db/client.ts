import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import * as schema from "./schema/mod.ts";
import { createLocalClient, type Synchronous } from "./local.ts";
// Selected rows are mapped by the prepared mapping of row_mapping.ts (the same objects, less work per row).
import "./row_mapping.ts";

/** The typed database handle every service receives. */
export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

/** The drizzle handle together with the raw client (for pragmas, backups and closing). */
export interface Database {
  db: Db;
  client: Client;
  /** True for a local file (or memory) database, where SQLite pragmas apply. */
  isLocal: boolean;
  /** The database file's path for a local file, else null. */
  path: string | null;
  close(): void;
}

export interface OpenOptions {
  /** Token for a remote libSQL server. */
  authToken?: string;
  /** `PRAGMA synchronous` of every connection to a local file (default NORMAL; see `local.ts`). */
  synchronous?: Synchronous;
  /** How long a write waits for another connection's lock (default 5 s; see `local.ts`). */
  lockWaitMs?: number;
}

/** How long a write waits for a lock before it fails, unless told otherwise. */
const LOCK_WAIT_MS = 5000;

/**
 * Opens the database. For a local file: the folder is created, WAL is switched on (it persists in the
 * file), and every pooled connection has foreign keys on, the configured `synchronous` and a
 * prepared-statement cache, and a lock held by another process is waited for (five seconds unless told
 * otherwise) without stopping the event loop (`local.ts`). A remote
 * libSQL server (and `:memory:`) uses `@libsql/client` as it is.
 */
export async function openDatabase(url: string, options: OpenOptions = {}): Promise<Database> {
  const isLocal = url.startsWith("file:") || url === ":memory:";
  let client: Client;
  let path: string | null = null;
  if (url.startsWith("file:")) {
    // file:./relative.db, file:/absolute.db and file:///absolute.db
    path = url.slice("file:".length).replace(/^\/\/(?=\/)/, "");
    const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
    // Personal data: the folder only for the service's account, the file only for it too. SQLite gives the
    // -wal and -shm files the database file's permissions.
    if (dir) await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
    await Deno.writeFile(path, new Uint8Array(), { createNew: true, mode: 0o600 }).catch((e) => {
      if (!(e instanceof Deno.errors.AlreadyExists)) throw e;
    });
    client = createLocalClient({
      path,
      lockWaitMs: options.lockWaitMs ?? LOCK_WAIT_MS,
      synchronous: options.synchronous ?? "NORMAL",
    });
  } else {
    client = createClient(
      { url, authToken: options.authToken, timeout: options.lockWaitMs ?? LOCK_WAIT_MS } as Parameters<
        typeof createClient
      >[0],
    );
  }
  if (isLocal) {
    if (url !== ":memory:") await client.execute("PRAGMA journal_mode=WAL");
    await client.execute("PRAGMA foreign_keys=ON");
    const fk = await client.execute("PRAGMA foreign_keys");
    if (Number(fk.rows[0]?.[0]) !== 1) throw new Error("SQLite foreign keys could not be switched on");
  }
  const db = drizzle(client, { schema });
  return { db, client, isLocal, path, close: () => client.close() };
}

/**
 * Warnings for a local database whose folder or files other accounts of the machine may read (created
 * before these modes were set, or by hand): the folder should be 0700, the database, its -wal and -shm 0600.
 */
export async function permissionWarnings(url: string): Promise<string[]> {
  if (!url.startsWith("file:") || Deno.build.os === "windows") return [];
  const path = url.slice("file:".length).replace(/^\/\/(?=\/)/, "");
  const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : ".";
  const out: string[] = [];
  const check = async (p: string, max: number) => {
    const mode = await Deno.stat(p).then((s) => s.mode, () => null);
    if (mode !== null && (mode & 0o777 & ~max) !== 0) {
      out.push(
        `${p} is readable by other accounts (mode ${(mode & 0o777).toString(8)}); run chmod ${
          max.toString(8)
        } ${p}`,
      );
    }
  };
  await check(dir, 0o700);
  for (const p of [path, `${path}-wal`, `${path}-shm`]) await check(p, 0o600);
  return out;
}
