/**
 * Another program reading the database for a long time: opens the file given as the first argument, begins a
 * read transaction (its snapshot keeps the write-ahead log from being started over), prints "reading", and
 * holds it until a line arrives on stdin; then ends it and exits.
 */
import Database from "libsql";

const db = new Database(Deno.args[0]);
db.exec("BEGIN");
db.prepare("SELECT count(*) FROM sqlite_master").get();
await Deno.stdout.write(new TextEncoder().encode("reading\n"));
const reader = Deno.stdin.readable.getReader();
await reader.read();
db.exec("COMMIT");
db.close();
await Deno.stdout.write(new TextEncoder().encode("done\n"));
