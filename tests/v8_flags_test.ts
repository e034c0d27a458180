/**
 * The service runs without V8's allocation-site pretenuring wherever it is started: by `deno task start` (and
 * `dev`), in the executable `deno task compile` builds, and in `deno task bench`, which measures it. Under
 * the connector's load, pretenuring moved short-lived request objects into the old generation and made every
 * call cost about a fifth more CPU (docs/performance.md, "V8's pretenuring").
 */
import assert from "node:assert/strict";
import { compileArgs } from "../scripts/compile.ts";

const FLAG = "--v8-flags=--no-allocation-site-pretenuring";

Deno.test("v8 flags: the start, dev and bench tasks and the executable run without pretenuring", async () => {
  const config = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));
  for (const task of ["start", "dev", "bench"]) {
    const words = String(config.tasks[task]).split(/\s+/);
    assert.ok(words.includes(FLAG), `deno task ${task} passes ${FLAG}`);
    // Deno takes its own flags before the script; after it they would be the script's arguments.
    const script = words.findIndex((w) => w.endsWith(".ts"));
    assert.ok(words.indexOf(FLAG) < script, `deno task ${task} passes it before the script`);
  }
  const args = compileArgs([]);
  assert.ok(args.includes(FLAG), "deno compile bakes it into the executable");
  assert.ok(args.indexOf(FLAG) < args.indexOf("main.ts"));
});
