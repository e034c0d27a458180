/**
 * Whether a database already holds people, in a module of its own: `serve` asks it at every start, and the
 * demo's builders (`mod.ts`) are loaded only when the answer is no.
 */
import { count } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { employees, users } from "../db/schema/mod.ts";

/** Anything that can run a select: the database handle or a transaction on it. */
type Reader = Pick<Db, "select">;

/**
 * Whether the database already holds people: any user account or any employee. The demo is only ever
 * seeded into a database where this is false, so real data is never mixed with invented data.
 */
export async function hasData(db: Reader): Promise<boolean> {
  const [u] = await db.select({ n: count() }).from(users);
  if (u.n > 0) return true;
  const [e] = await db.select({ n: count() }).from(employees);
  return e.n > 0;
}
