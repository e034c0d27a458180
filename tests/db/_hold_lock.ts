/**
 * Another program holding the database's write lock: opens the file given as the first argument, begins a
 * transaction (IMMEDIATE, or EXCLUSIVE when the second argument is `exclusive`, as `sqlite3`'s
 * `BEGIN EXCLUSIVE` does), prints "locked", and holds the lock until a line arrives on stdin; then rolls back
 * and exits. Run as its own process by the lock tests (a second process, as an operator's backup or
 * maintenance command would be). It fails at once when it cannot take the lock, so a run that prints
 * "locked" also proves that another program can write.
 */
import Database from "libsql";

const db = new Database(Deno.args[0]);
db.exec(Deno.args[1] === "exclusive" ? "BEGIN EXCLUSIVE" : "BEGIN IMMEDIATE");
db.exec("INSERT INTO settings (key, value, updated_at) VALUES ('held-by-another-process', 'x', 0)");
await Deno.stdout.write(new TextEncoder().encode("locked\n"));
const reader = Deno.stdin.readable.getReader();
await reader.read();
db.exec("ROLLBACK");
db.close();
await Deno.stdout.write(new TextEncoder().encode("released\n"));
