/** The commands of `hr-service`, run in the test's process against its app (no child process to start). */
import assert from "node:assert/strict";
import { findCommand, runCommand } from "../src/cli/mod.ts";
import type { TestApp } from "./_helpers.ts";

/** Runs `hr-service <words…>` with `stdin` as its standard input; its exit code and what it printed. */
export async function cli(t: TestApp | undefined, words: string[], stdin = "") {
  const found = findCommand(words);
  assert.ok(found, `command ${words.join(" ")} exists`);
  let out = "";
  let err = "";
  // Commands that need no database (help, usage errors) run without an app.
  const code = await runCommand(t?.deps as never, found.command, found.rest, {
    out: (s) => (out += s),
    err: (s) => (err += s),
    readStdin: () => Promise.resolve(stdin),
  });
  return { code, out, err };
}
