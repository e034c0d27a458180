/**
 * A configuration file whose anchors and aliases expand without end ("billion laughs") is refused like any
 * other unreadable file: "Nothing was applied", exit code 1, no stack trace, nothing changed. Run as the
 * operator runs it, `main.ts` as its own process, and through the command runner.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

/** Nine levels of nine aliases each: 9^9 (387 million) strings once expanded, 1 kB as text. */
function aliasBomb(): string {
  const lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
  const names = "abcdefghi";
  for (let i = 1; i < names.length; i++) {
    lines.push(`${names[i]}: &${names[i]} [${Array(9).fill(`*${names[i - 1]}`).join(", ")}]`);
  }
  return `settings:\n  name: Muster AG\n${lines.join("\n")}\n`;
}

async function rows(t: Awaited<ReturnType<typeof makeTestApp>>): Promise<string> {
  return JSON.stringify((await t.deps.db.$client.execute("SELECT * FROM settings ORDER BY 1")).rows);
}

Deno.test("org apply: an alias bomb is refused with the usual message, exit 1, no stack trace", async (t) => {
  const app = await makeTestApp({ demo: false });
  const dir = await Deno.makeTempDir({ prefix: "hr-alias-" });
  try {
    const before = await rows(app);
    const file = `${dir}/org.yaml`;
    await Deno.writeTextFile(file, aliasBomb());

    await t.step("main.ts as a process", async () => {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", `${ROOT}main.ts`, "org", "apply", "--file", file],
        cwd: ROOT,
        env: { DATABASE_URL: `file:${app.dbPath}`, DEMO_DATA: "false", LOG_LEVEL: "error", NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const err = new TextDecoder().decode(out.stderr);
      assert.equal(out.code, 1, err);
      assert.match(
        err,
        /^Nothing was applied\. 1 problem\(s\):\n {2}line \d+: not readable as YAML: its aliases expand to more than /,
      );
      assert.doesNotMatch(err, /ReferenceError|Uncaught|\n\s+at /);
      assert.equal(new TextDecoder().decode(out.stdout), "");
    });

    await t.step("the command runner, from standard input", async () => {
      const r = await cli(app, ["org", "apply", "--file", "-"], aliasBomb());
      assert.equal(r.code, 1);
      assert.match(r.err, /^Nothing was applied\. 1 problem\(s\):\n {2}line \d+: not readable as YAML/);
      assert.equal(r.out, "");
    });

    await t.step("an alias without its anchor", async () => {
      const r = await cli(
        app,
        ["org", "apply", "--file", "-"],
        "settings:\n  canton: BE\n  name: *missing\n",
      );
      assert.equal(r.code, 1);
      assert.match(
        r.err,
        /^Nothing was applied\. 1 problem\(s\):\n {2}line 3: not readable as YAML: Unresolved alias/,
      );
    });
    assert.equal(await rows(app), before, "nothing changed");

    await t.step("a few aliases are still read", async () => {
      const r = await cli(
        app,
        ["org", "apply", "--file", "-"],
        "settings:\n  name: &n Muster AG\n  canton: BE\n  languages: &l [de, fr]\n" +
          "closures:\n  - start: 2026-12-24\n    end: 2026-12-31\n    name: {de: *n, en: *n, fr: *n}\n",
      );
      assert.equal(r.code, 0, r.err);
    });
    assert.notEqual(await rows(app), before);
  } finally {
    app.close();
    await Deno.remove(dir, { recursive: true });
  }
});
