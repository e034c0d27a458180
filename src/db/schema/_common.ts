import { integer, text } from "drizzle-orm/sqlite-core";

/** Primary keys are random UUIDs: not guessable, so an id in a URL reveals nothing about other records. */
export const id = () => text("id").primaryKey().$defaultFn(() => crypto.randomUUID());
/** Instants are stored as epoch milliseconds (integers compare and index cheaply in SQLite). */
export const instant = (name: string) => integer(name, { mode: "number" });
/** Calendar dates are stored as `YYYY-MM-DD` text, which sorts and compares correctly. */
export const day = (name: string) => text(name);
/** Boolean flags. */
export const flag = (name: string) => integer(name, { mode: "boolean" });
