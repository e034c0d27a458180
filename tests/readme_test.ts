/**
 * The guide cannot rot: every `hr-service …` line in the shell blocks of the README's first start and then of
 * the operator's guide (`docs/operations.md`) is run, in order,
 * against a fresh database, through the executable's own `main` with the guide's arguments and environment
 * (in this process: starting Deno once per line would cost the suite most of a minute; `serve_test.ts`
 * runs the executable's entry point as a process).
 */
import assert from "node:assert/strict";
import { main } from "../src/main.ts";
import type { Io } from "../src/cli/mod.ts";

const ROOT = new URL("..", import.meta.url).pathname;

/** Runs one command line; what it prints is captured. */
async function run(args: string[], env: Record<string, string>) {
  let out = "";
  let err = "";
  const io: Io = {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    readStdin: () => Promise.resolve(""),
  };
  const code = await main(args, env, io);
  return { code, out, err };
}

/** The README's first start, then the operator's guide: the order an operator follows them in. */
async function readGuide(): Promise<string> {
  const readme = await Deno.readTextFile(`${ROOT}README.md`);
  const start = readme.indexOf("## First start");
  assert.ok(start >= 0, "the README has a first start");
  return readme.slice(start) + "\n" + await Deno.readTextFile(`${ROOT}docs/operations.md`);
}

function guideCommands(guide: string): string[] {
  const blocks = [...guide.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  return blocks.flatMap((b) => b.split("\n")).map((l) => l.trim()).filter((l) => l.startsWith("hr-service "));
}

/** Splits a command line like a shell would for these simple lines (no quotes are used in the guide). */
function words(line: string): string[] {
  return line.split(/\s+/).slice(1);
}

Deno.test("readme: every hr-service command of the operator's guide runs and succeeds", async (t) => {
  const guide = await readGuide();
  const commands = guideCommands(guide);
  assert.ok(commands.length >= 10, `found ${commands.length} commands`);
  const dir = await Deno.makeTempDir({ prefix: "hr-guide-" });
  // The files the first start writes are the guide's own: people.csv and opening.csv (its CSV blocks, told
  // apart by their header), org.yaml (its only YAML block) and the settings file the service and the commands
  // read.
  const csvBlocks = [...guide.matchAll(/```csv\n([\s\S]*?)```/g)].map((m) => m[1]);
  const people = csvBlocks.find((b) => b.startsWith("personnel_number;first_name;"));
  assert.ok(people, "the guide shows people.csv");
  await Deno.writeTextFile(`${dir}/people.csv`, people);
  const opening = csvBlocks.find((b) => b.startsWith("personnel_number;leave_type;"));
  assert.ok(opening, "the guide shows opening.csv");
  await Deno.writeTextFile(`${dir}/opening.csv`, opening);
  const yaml = /```yaml\n([\s\S]*?)```/.exec(guide);
  assert.ok(yaml, "the guide shows org.yaml");
  await Deno.writeTextFile(`${dir}/org.yaml`, yaml[1]);
  const envFile = /```ini\n(# \/etc\/hr-service\.env[\s\S]*?)```/.exec(guide);
  assert.ok(envFile, "the guide shows /etc/hr-service.env");
  assert.match(envFile[1], /^DEMO_DATA=false$/m, "the first start is not the demo");
  // Installed as the guide installs it (0640): a file others may read is used with a warning.
  await Deno.writeTextFile(`${dir}/hr-service.env`, envFile[1], { mode: 0o640 });
  // The database is the test's own: the environment wins over the file's DATABASE_URL.
  const env = {
    HR_SERVICE_ENV_FILE: `${dir}/hr-service.env`,
    DATABASE_URL: `file:${dir}/hr.db`,
    NO_COLOR: "1",
    LOG_LEVEL: "warn",
  };
  try {
    for (const line of commands) {
      await t.step(line, async () => {
        // The guide's files are placed inside the test's folder: absolute paths (/var/backups/…) and the
        // relative file names it uses (people.csv, …).
        const args = words(line).map((w) =>
          w.startsWith("/")
            ? `${dir}${w}`
            : /^[\w.-]+\.(csv|zip|db|age|json|yaml)$/.test(w)
            ? `${dir}/${w}`
            : w
        );
        const r = await run(args, env);
        assert.equal(r.code, 0, `${line}\n${r.out}${r.err}`);
      });
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("readme: the CLI refuses bad input with a clear message and a non-zero exit", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hr-guide-" });
  try {
    const env = { DATABASE_URL: `file:${dir}/hr.db`, DEMO_DATA: "false", LOG_LEVEL: "warn" };
    const unknown = await run(["frobnicate"], env);
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /Unknown command 'frobnicate'/);
    const missing = await run(["backup"], env);
    assert.equal(missing.code, 2);
    assert.match(missing.err, /--to is required/);
    const badSetting = await run(["migrate"], { ...env, PORT: "eighty" });
    assert.equal(badSetting.code, 2);
    assert.match(badSetting.err, /PORT/);
    const help = await run(["help"], env);
    assert.equal(help.code, 0);
    assert.match(help.out, /employees import/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
