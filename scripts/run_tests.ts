/**
 * `deno task test`: every test file under `tests/` (Deno's names for them: `*_test.ts`, `*.test.ts`, `test.ts`,
 * and the same in `.tsx`, `.js`, `.mjs`), the files of each folder of `tests/` together in one module
 * (`.test-suites/<folder>.ts`, written here, one import per file), the folders in parallel
 * (`deno test --parallel`, one worker per core).
 *
 * Why not one worker per file, Deno's default: each worker starts a JavaScript isolate and loads the service
 * (about 0.3 s of CPU), more than most files' tests take; with 130 files that was a third of the suite's CPU.
 * Per folder it is paid 14 times. What it asks of a test: module-level state is keyed by database (the caches
 * are), and a test that changes a process-wide setting sets it back. Deno's sanitizers still run per test, and
 * type checking still covers every file. `deno test --allow-all --parallel` runs each file alone, as
 * `deno task test <file>…` does for the files given.
 */
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SUITES = join(ROOT, ".test-suites");

/** A test file by Deno's rule for the files `deno test` finds by itself. */
export const TEST_FILE = /(^|[._])test\.(ts|tsx|mts|js|mjs|jsx)$/;

/** Every test file under `tests/`, sorted, by folder (`tests` for the files at its top). */
export async function suites(): Promise<Map<string, string[]>> {
  const files: string[] = [];
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(dir)) {
      const path = join(dir, e.name);
      if (e.isDirectory) await walk(path);
      else if (e.isFile && TEST_FILE.test(e.name)) files.push(relative(ROOT, path));
    }
  };
  await walk(join(ROOT, "tests"));
  files.sort();
  const byFolder = new Map<string, string[]>();
  for (const f of files) {
    const parts = f.split("/");
    const folder = parts.length > 2 ? parts[1] : "tests";
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), f]);
  }
  return byFolder;
}

if (import.meta.main) {
  const args = [...Deno.args];
  // A test file or a folder of tests named (not a flag's value such as `--filter tests` or a report's path):
  // run what was named, file by file.
  const isTestPath = (a: string) => {
    if (a.startsWith("-") || !(TEST_FILE.test(a) || /^(\.\/)?tests(\/|$)/.test(a))) return false;
    try {
      Deno.statSync(a);
      return true;
    } catch {
      return false;
    }
  };
  const named = args.some(isTestPath);
  const modules: string[] = [];
  if (!named) {
    await Deno.mkdir(SUITES, { recursive: true });
    // The largest folders first, so the last to finish is a small one.
    const groups = [...(await suites())].sort((a, b) => b[1].length - a[1].length);
    for (const [folder, files] of groups) {
      const path = join(SUITES, `${folder}.ts`);
      const lines = files.map((f) => `import "${relative(dirname(path), join(ROOT, f))}";`);
      await Deno.writeTextFile(
        path,
        `// Written by scripts/run_tests.ts: the test files of tests/${folder}.\n${lines.join("\n")}\n`,
      );
      modules.push(relative(Deno.cwd(), path));
    }
  }
  // The modules go however the run ends: finished, failed, or stopped with Ctrl-C.
  const cleanUp = () => {
    if (!named) {
      try {
        Deno.removeSync(SUITES, { recursive: true });
      } catch { /* already gone */ }
    }
  };
  const child = new Deno.Command(Deno.execPath(), {
    args: ["test", "--allow-all", "--parallel", ...args, ...modules],
    stdin: "inherit",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    Deno.addSignalListener(signal, () => {
      child.kill(signal);
    });
  }
  let code = 1;
  try {
    code = (await child.status).code;
  } finally {
    cleanUp();
  }
  Deno.exit(code);
}
