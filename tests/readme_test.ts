/**
 * The README's operator's guide cannot rot: every `hr-service …` line in its shell blocks is run, in order,
 * against a fresh database, through `main.ts` exactly as an operator would run the executable.
 */
import assert from "node:assert/strict";

const ROOT = new URL("..", import.meta.url).pathname;
const MAIN = `${ROOT}main.ts`;

function guideCommands(readme: string): string[] {
  const guide = readme.slice(readme.indexOf("## Operator's guide"));
  const blocks = [...guide.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  return blocks.flatMap((b) => b.split("\n")).map((l) => l.trim()).filter((l) => l.startsWith("hr-service "));
}

/** Splits a command line like a shell would for these simple lines (no quotes are used in the guide). */
function words(line: string): string[] {
  return line.split(/\s+/).slice(1);
}

Deno.test("readme: every hr-service command of the operator's guide runs and succeeds", async (t) => {
  const readme = await Deno.readTextFile(`${ROOT}README.md`);
  const commands = guideCommands(readme);
  assert.ok(commands.length >= 10, `found ${commands.length} commands`);
  const dir = await Deno.makeTempDir({ prefix: "hr-guide-" });
  await Deno.writeTextFile(
    `${dir}/people.csv`,
    "personnel_number,first_name,last_name,canton,employment_start\nP1,Lea,Keller,BE,2024-03-01\n",
  );
  const env = { DATABASE_URL: `file:${dir}/hr.db`, DEMO_DATA: "false", NO_COLOR: "1", LOG_LEVEL: "warn" };
  try {
    for (const line of commands) {
      await t.step(line, async () => {
        // Absolute paths of the guide (/var/backups/…) are placed inside the test's folder.
        const args = words(line).map((w) => (w.startsWith("/") ? `${dir}${w}` : w));
        const out = await new Deno.Command(Deno.execPath(), {
          args: ["run", "-A", MAIN, ...args],
          cwd: dir,
          env,
          stdin: "null",
          stdout: "piped",
          stderr: "piped",
        }).output();
        const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
        assert.equal(out.code, 0, `${line}\n${text}`);
      });
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("readme: the CLI refuses bad input with a clear message and a non-zero exit", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hr-guide-" });
  try {
    const run = (args: string[]) =>
      new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", MAIN, ...args],
        cwd: dir,
        env: { DATABASE_URL: `file:${dir}/hr.db`, DEMO_DATA: "false", LOG_LEVEL: "warn" },
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
      }).output();
    const unknown = await run(["frobnicate"]);
    assert.equal(unknown.code, 2);
    assert.match(new TextDecoder().decode(unknown.stderr), /Unknown command 'frobnicate'/);
    const missing = await run(["backup"]);
    assert.equal(missing.code, 2);
    assert.match(new TextDecoder().decode(missing.stderr), /--to is required/);
    const help = await run(["help"]);
    assert.equal(help.code, 0);
    assert.match(new TextDecoder().decode(help.stdout), /employees import/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
