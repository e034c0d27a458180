/**
 * The OpenAPI document passes Redocly's recommended rules with no error (nullable fields typed for strict
 * generators, every response described). Redocly CLI runs from npm at a pinned version as its own process,
 * on the document the service serves.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";

Deno.test("openapi: Redocly's recommended rules find no error", async () => {
  const t = await makeTestApp();
  const dir = await Deno.makeTempDir({ prefix: "hr-openapi-" });
  try {
    const file = `${dir}/openapi.json`;
    await Deno.writeTextFile(file, await (await t.request("/api/v1/openapi.json")).text());
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "npm:@redocly/cli@2.77.0", "lint", file, "--format=json"],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    const report = JSON.parse(text.slice(text.indexOf("{")));
    const errors = report.problems.filter((p: { severity: string }) => p.severity === "error");
    assert.deepEqual(errors, [], "no error");
    assert.equal(report.totals.errors, 0);
  } finally {
    t.close();
    await Deno.remove(dir, { recursive: true });
  }
});
