/**
 * The official conformance tool's scenarios that apply to this connector (tests/mcp/conformance.ts runs them
 * against a running server): initialize, ping, the three lists and DNS-rebinding protection.
 */
import assert from "node:assert/strict";

Deno.test("conformance: the official tool's applicable scenarios pass", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("./conformance.ts", import.meta.url).pathname],
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, text.slice(-3000));
  assert.match(text, /^6 passed, 0 failed$/m);
});
