import assert from "node:assert/strict";
import { collectGarbage } from "../src/start_garbage.ts";

Deno.test("start garbage: a full collection runs when asked for, and again when asked again", async () => {
  const weak = (() => new WeakRef({ payload: new Uint8Array(1 << 20) }))();
  // A weakly held object stays alive until the job that made it is over.
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(await collectGarbage(), true);
  assert.equal(weak.deref(), undefined, "an object nothing holds is gone");
  const again = (() => new WeakRef({ payload: new Uint8Array(1 << 20) }))();
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(await collectGarbage(), true);
  assert.equal(again.deref(), undefined);
});
