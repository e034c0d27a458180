import assert from "node:assert/strict";
import { uuidv7 } from "../src/crypto.ts";

Deno.test("uuidv7: RFC 9562 layout, the millisecond in front, ordered by time", () => {
  const at = Date.UTC(2026, 10, 18, 9, 0, 0, 123);
  const id = uuidv7(at);
  assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(parseInt(id.slice(0, 8) + id.slice(9, 13), 16), at);
  // Later milliseconds sort later as text, which is what keeps the audit index append-only.
  const ids = [at, at + 1, at + 1000, at + 86_400_000].map(uuidv7);
  assert.deepEqual([...ids].sort(), ids);
  // The random part differs within one millisecond.
  assert.notEqual(uuidv7(at), uuidv7(at));
});
