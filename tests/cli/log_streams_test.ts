/**
 * A command's data goes to standard output and nothing else does: its log lines (JSON, e.g. the warning that
 * the database folder is readable by other accounts) go to standard error, so `employees export --file - >
 * people.csv` writes a file that is the export and nothing more. The service (`serve`) logs to standard output
 * as services do; every other command to standard error.
 */
import assert from "node:assert/strict";
import { main } from "../../src/main.ts";

async function run(args: string[], env: Record<string, string>) {
  let out = "";
  let err = "";
  const code = await main(args, env, {
    out: (s) => void (out += s),
    err: (s) => void (err += s),
    readStdin: () => Promise.resolve(""),
  });
  return { code, out, err };
}

Deno.test("commands: a log warning goes to standard error, the data alone to standard output", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "hr-streams-" });
  try {
    // A folder other accounts may read: opening the database warns about it (src/db/client.ts).
    await Deno.chmod(dir, 0o755);
    const env = { DATABASE_URL: `file:${dir}/hr.db`, DEMO_DATA: "false", LOG_LEVEL: "warn", NO_COLOR: "1" };
    await t.step("migrate", async () => {
      const r = await run(["migrate"], env);
      assert.equal(r.code, 0, r.err);
      assert.equal(r.out, "The database is up to date.\n");
      assert.match(r.err, /"level":"warn".*readable by other accounts/);
    });
    await t.step("employees export --file -", async () => {
      const r = await run(["employees", "export", "--file", "-"], env);
      assert.equal(r.code, 0, r.err);
      assert.doesNotMatch(r.out, /^\{/);
      assert.doesNotMatch(r.out, /readable by other accounts/);
      assert.match(r.out, /^personnel_number[,;]/);
      assert.match(r.err, /"level":"warn".*readable by other accounts/);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
