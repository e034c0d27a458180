import assert from "node:assert/strict";
import { TOOLS } from "../../src/mcp/registry.ts";
import { catalogText } from "../../src/mcp/catalog.ts";
import { PERMISSIONS } from "../../src/domain/access.ts";
import { SCOPES } from "../../src/oauth/scopes.ts";
import { E2E, startMcpServer } from "./_harness.ts";

const catalogPath = new URL("../../src/mcp/catalog.json", import.meta.url);
const toolsDir = new URL("../../src/mcp/tools/", import.meta.url);

/** The contract's tool catalog rows of the 19 self-service and document tools: scope and permission. */
const CONTRACT: Record<string, [string, string]> = {
  whoami: ["self:read", "mcp:connect"],
  get_my_summary: ["self:read", "mcp:connect"],
  get_my_leave_balances: ["self:read", "mcp:connect"],
  list_my_leave_requests: ["self:read", "mcp:connect"],
  list_my_time_entries: ["self:read", "mcp:connect"],
  get_my_sick_leave: ["self:read", "mcp:connect"],
  list_my_payslips: ["self:read", "mcp:connect"],
  get_public_holidays: ["self:read", "mcp:connect"],
  get_closure_periods: ["self:read", "mcp:connect"],
  prepare_leave_request: ["self:write", "leave:request"],
  commit_leave_request: ["self:write", "leave:request"],
  withdraw_leave_request: ["self:write", "leave:request"],
  prepare_time_entry: ["self:write", "workhours:submit"],
  commit_time_entry: ["self:write", "workhours:submit"],
  prepare_sick_report: ["self:write", "sickleave:report"],
  commit_sick_report: ["self:write", "sickleave:report"],
  cancel_sick_report: ["self:write", "sickleave:report"],
  list_documents: ["self:read", "mcp:connect"],
  get_document: ["self:read", "mcp:connect"],
};

const NO_RANKING = "must never be used to rank, score or compare people against each other.";

Deno.test("catalog: catalog.json is what the definitions generate (regenerate with deno task mcp:catalog)", async () => {
  assert.equal(await Deno.readTextFile(catalogPath), catalogText(TOOLS));
});

Deno.test("catalog: one file per tool under src/mcp/tools, named after the tool, every file registered", async () => {
  const files: string[] = [];
  for await (const e of Deno.readDir(toolsDir)) if (e.isFile && e.name.endsWith(".ts")) files.push(e.name);
  assert.deepEqual(files.sort(), TOOLS.map((t) => `${t.name}.ts`).sort());
  for (const t of TOOLS) {
    const mod = await import(new URL(`${t.name}.ts`, toolsDir).href);
    assert.equal(mod[t.name], t, `${t.name}.ts exports the registered definition as '${t.name}'`);
  }
});

Deno.test("catalog: the rules every definition follows", async (t) => {
  await t.step("scope and permission are the contract's (self-service rows) and exist", () => {
    for (const tool of TOOLS) {
      assert.ok((SCOPES as readonly string[]).includes(tool.scope), `${tool.name}: scope ${tool.scope}`);
      assert.ok((PERMISSIONS as readonly string[]).includes(tool.permission), `${tool.name}: permission`);
      const row = CONTRACT[tool.name];
      if (row) assert.deepEqual([tool.scope, tool.permission], row, tool.name);
    }
    for (const name of Object.keys(CONTRACT)) {
      assert.ok(TOOLS.some((x) => x.name === name), `${name} is registered`);
    }
  });
  await t.step(
    "read tools and previews are read-only; commit_*, withdraw_*, cancel_* destructive; never both",
    () => {
      for (const tool of TOOLS) {
        const a = tool.annotations;
        assert.ok(
          !(a.readOnlyHint && a.destructiveHint),
          `${tool.name} is not both read-only and destructive`,
        );
        const destructive = /^(commit|withdraw|cancel)_/.test(tool.name);
        assert.equal(a.destructiveHint, destructive, `${tool.name} destructiveHint`);
        assert.equal(a.readOnlyHint, !destructive, `${tool.name} readOnlyHint`);
        assert.equal(tool.kind === "read" || tool.kind === "prepare", !destructive, `${tool.name} kind`);
        for (const k of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const) {
          assert.equal(typeof a[k], "boolean", `${tool.name}.${k} is explicit`);
        }
      }
    },
  );
  await t.step("every write and preview is under a write scope; every read under a read scope", () => {
    for (const tool of TOOLS) {
      const write = tool.kind !== "read";
      assert.equal(tool.scope.endsWith(":write"), write, `${tool.name} scope ${tool.scope}`);
    }
  });
  await t.step("every commit names an existing prepare tool of the same scope and permission", () => {
    for (const tool of TOOLS.filter((x) => x.kind === "commit")) {
      const prep = TOOLS.find((x) => x.name === tool.commits);
      assert.ok(prep && prep.kind === "prepare", `${tool.name} commits ${tool.commits}`);
      assert.equal(prep.scope, tool.scope);
      assert.equal(prep.permission, tool.permission);
      assert.equal(tool.name.replace(/^commit_/, ""), prep.name.replace(/^prepare_/, ""));
    }
  });
  await t.step("a self-service write takes no free text: no free-text arguments declared", () => {
    for (const tool of TOOLS.filter((x) => x.scope === "self:write")) {
      assert.ok(!tool.freeTextArgs?.length, tool.name);
    }
  });
  await t.step("every HR tool's description ends with the no-ranking sentence", () => {
    for (const tool of TOOLS.filter((x) => x.scope.startsWith("hr:"))) {
      assert.ok(tool.description.endsWith(NO_RANKING), tool.name);
    }
  });
  await t.step("inputs are JSON-Schema objects, outputs too, descriptions written out", () => {
    const catalog = JSON.parse(catalogText(TOOLS));
    for (const entry of catalog.tools) {
      assert.equal(entry.inputSchema.type, "object", entry.name);
      assert.equal(entry.outputSchema.type, "object", entry.name);
      assert.ok(entry.description.length >= 80, `${entry.name} has a real description`);
    }
  });
});

Deno.test({
  name: "catalog: tools/list over HTTP and GET /api/mcp/catalog.json are byte-identical to catalog.json",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const file = await Deno.readTextFile(catalogPath);
      const g = await s.grant("employee", { scopes: ["self:read"] });
      const r = await s.post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, { token: g.token });
      assert.equal(r.status, 200);
      const body = await r.json();
      assert.equal(JSON.stringify(body.result.tools), JSON.stringify(JSON.parse(file).tools));
      assert.equal(body.result.nextCursor, undefined);
      // The same through the SDK server's own tools/list handler (a batch of one, 2025-03-26), not the
      // pre-serialised answer of a single tools/list.
      const viaSdk = await s.post([{ jsonrpc: "2.0", id: 2, method: "tools/list" }], {
        token: g.token,
        headers: { "MCP-Protocol-Version": "2025-03-26" },
      });
      assert.equal(
        JSON.stringify((await viaSdk.json())[0].result.tools),
        JSON.stringify(JSON.parse(file).tools),
      );
      // tools/list lists the whole catalog whatever the token's scopes; whoami says what is callable.
      assert.equal(body.result.tools.length, TOOLS.length);

      const c = await fetch(`${s.origin}/api/mcp/catalog.json`);
      assert.equal(c.status, 200);
      assert.match(c.headers.get("content-type") ?? "", /application\/json/);
      assert.equal(await c.text(), file);
    } finally {
      await s.close();
    }
  },
});

Deno.test("catalog: every tool schema is valid JSON Schema 2020-12, declares no draft-07, and uses standard examples", async () => {
  const { default: Ajv2020 } = await import("ajv/dist/2020.js");
  const ajv = new (Ajv2020 as unknown as new (o: object) => { compile(s: unknown): unknown })({
    strict: false,
  });
  const catalog = JSON.parse(await Deno.readTextFile(new URL("../../src/mcp/catalog.json", import.meta.url)));
  const text = JSON.stringify(catalog);
  assert.ok(!text.includes("draft-07"), "no schema declares draft-07");
  assert.ok(!text.includes('"example":'), "no non-standard singular example");
  for (const tool of catalog.tools) {
    for (const schema of [tool.inputSchema, tool.outputSchema]) {
      assert.equal(schema.$schema, undefined, `${tool.name}: no $schema line (2020-12 is the default)`);
      ajv.compile(schema);
    }
  }
  const time =
    catalog.tools.find((t: { name: string }) => t.name === "prepare_time_entry").inputSchema.properties;
  assert.notDeepEqual(time.start_time.examples, time.end_time.examples, "an example is not a 24-hour shift");
});
