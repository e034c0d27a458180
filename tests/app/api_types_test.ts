/**
 * The employee app's API client is typed from the service's own OpenAPI document: the committed
 * src/app/api_types.d.ts is what the generator makes of the current document, and `deno check` refuses a call
 * to a path the portal does not have, or with a body its operation does not take, and types the answer.
 */
import assert from "node:assert/strict";
import { appApiTypes } from "../../scripts/app_api_types.ts";

Deno.test("app: the committed API types are those of the current OpenAPI document", async () => {
  const committed = await Deno.readTextFile(new URL("../../src/app/api_types.d.ts", import.meta.url));
  assert.ok(committed === await appApiTypes(), "src/app/api_types.d.ts is stale: run `deno task app:types`");
});

/** `deno check` of a module that calls the client as the app's screens do; its errors, or "" when it passes. */
async function checkCalls(lines: string[]): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "hr-app-calls-" });
  try {
    const api = new URL("../../src/app/api.js", import.meta.url).href;
    const file = `${dir}/calls.js`;
    await Deno.writeTextFile(
      file,
      [`// @ts-check`, `import { call } from ${JSON.stringify(api)};`, ...lines].join("\n"),
    );
    const r = await new Deno.Command(Deno.execPath(), {
      args: ["check", "--quiet", file],
      cwd: new URL("../..", import.meta.url).pathname,
      env: { NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    return r.code === 0 ? "" : new TextDecoder().decode(r.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("app: deno check refuses a call the portal does not have and types what a call answers", async () => {
  const good = await checkCalls([
    `const id = "x";`,
    `const s = await call("GET", "/employee/summary");`,
    `/** @type {string | null} */ const paid = s.nextPayoutDate;`,
    `await call("GET", \`/employee/leave/balances?year=\${2026}\`);`,
    `await call("POST", \`/employee/leave/requests/\${id}/withdraw\`, { key: "k" });`,
    `await call("POST", "/employee/leave/requests", {`,
    `  json: { leaveType: "VACATION", startDate: "2026-12-01", endDate: "2026-12-02" },`,
    `});`,
  ]);
  assert.equal(good, "");

  const unknownPath = await checkCalls([`await call("GET", "/employee/nothing-here");`]);
  assert.match(unknownPath, /"\/employee\/nothing-here"/);
  const wrongMethod = await checkCalls([`await call("DELETE", "/employee/summary");`]);
  assert.match(wrongMethod, /"\/employee\/summary"/);
  const wrongBody = await checkCalls([
    `await call("POST", "/employee/leave/requests", { json: { leaveTypeId: 1, startDate: "x", endDate: "y" } });`,
  ]);
  assert.match(wrongBody, /leaveTypeId/);
  const wrongAnswer = await checkCalls([
    `const s = await call("GET", "/employee/summary");`,
    `/** @type {number} */ const n = s.nextPayoutDate;`,
  ]);
  assert.match(wrongAnswer, /not assignable to type 'number'/);
});
