/**
 * The lock-out counts failures in a row (the contract: 5 failures, 15 minutes): a right password ends the
 * row, so failures before it do not add up with those after it.
 */
import assert from "node:assert/strict";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { addAccount } from "../_people.ts";

/** Each attempt from an address of its own, so the per-source slowdown stays out of the way. */
let address = 0;
async function signIn(t: TestApp, password: string) {
  const r = await t.app.request("/api/v1/portal/auth/sessions", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "ida@example.ch", password }),
  }, { remoteAddr: { hostname: `198.51.100.${++address}`, port: 1234, transport: "tcp" } });
  await r.body?.cancel();
  return r.status;
}

Deno.test("auth: a right password clears the failures before it: three wrong, right, three wrong, right still gets in", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    await addAccount(t, null, { email: "ida@example.ch", password: "correct horse battery" });
    for (let i = 0; i < 3; i++) assert.equal(await signIn(t, `wrong-${i}`), 401);
    assert.equal(await signIn(t, "correct horse battery"), 201);
    for (let i = 3; i < 6; i++) assert.equal(await signIn(t, `wrong-${i}`), 401);
    assert.equal(await signIn(t, "correct horse battery"), 201, "six failures, but never five in a row");
  } finally {
    t.close();
  }
});
