import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import * as schema from "./schema/mod.ts";

/** The typed database handle every service receives. */
export type Db = LibSQLDatabase<typeof schema>;

/** The drizzle handle together with the raw client (for pragmas, backups and closing). */
export interface Database {
  db: Db;
  client: Client;
  /** True for a local file (or memory) database, where SQLite pragmas apply. */
  isLocal: boolean;
  close(): void;
}

/**
 * Opens the database. For a local file: the folder is created, WAL is switched on (it persists in the
 * file), foreign keys are on (libsql's default, checked here) and every connection waits up to five
 * seconds for a lock instead of failing at once.
 */
export async function openDatabase(url: string, authToken?: string): Promise<Database> {
  const isLocal = url.startsWith("file:") || url === ":memory:";
  if (url.startsWith("file:")) {
    const path = url.slice("file:".length).replace(/^\/\/(?=\/)/, "");
    const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
    if (dir) await Deno.mkdir(dir, { recursive: true });
  }
  const client = createClient({ url, authToken, timeout: 5000 } as Parameters<typeof createClient>[0]);
  if (isLocal) {
    if (url !== ":memory:") await client.execute("PRAGMA journal_mode=WAL");
    await client.execute("PRAGMA foreign_keys=ON");
    const fk = await client.execute("PRAGMA foreign_keys");
    if (Number(fk.rows[0]?.[0]) !== 1) throw new Error("SQLite foreign keys could not be switched on");
  }
  const db = drizzle(client, { schema });
  return { db, client, isLocal, close: () => client.close() };
}
