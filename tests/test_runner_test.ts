/**
 * `deno task test` (scripts/run_tests.ts) runs the files of each folder of `tests/` in one module: every
 * test file `deno test` would find by itself must be in exactly one of them, under the folder it is in, and
 * nothing else may be.
 */
import assert from "node:assert/strict";
import { suites } from "../scripts/run_tests.ts";

async function testFiles(dir: string, out: string[] = []): Promise<string[]> {
  for await (const e of Deno.readDir(new URL(dir, import.meta.url))) {
    if (e.isDirectory) await testFiles(`${dir}${e.name}/`, out);
    // Deno's own rule for the files `deno test` finds: {*_,*.,}test.{ts,tsx,mts,js,mjs,jsx}.
    else if (/(^|[._])test\.(ts|tsx|mts|js|mjs|jsx)$/.test(e.name)) {
      out.push(`tests/${dir.replace(/^\.\//, "")}${e.name}`);
    }
  }
  return out;
}

Deno.test("test runner: every test file (by Deno's rule) is in exactly one folder's suite, and nothing else is", async () => {
  const groups = await suites();
  const listed = [...groups.values()].flat();
  const expected = await testFiles("./");
  assert.ok(expected.length > 100, `${expected.length} test files found`);
  assert.deepEqual([...listed].sort(), [...expected].sort());
  assert.equal(new Set(listed).size, listed.length, "no file twice");
  for (const [folder, files] of groups) {
    for (const f of files) {
      assert.equal(f.split("/").length > 2 ? f.split("/")[1] : "tests", folder, f);
    }
  }
  assert.ok(groups.get("tests")!.includes("tests/test_runner_test.ts"));
  assert.ok(groups.get("portal")!.includes("tests/portal/auth_test.ts"));
});
