/**
 * The MCP Inspector's command line (npm @modelcontextprotocol/inspector), run as a separate process against a
 * running server with a real token, in its modern (2026-07-28) and auto eras and in the legacy one.
 */
import assert from "node:assert/strict";
import { E2E, startMcpServer } from "./_harness.ts";

const INSPECTOR = "npm:@modelcontextprotocol/inspector@2.12.0";

async function inspector(args: string[]) {
  const dir = await Deno.makeTempDir({ prefix: "hr-inspector-" });
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", INSPECTOR, "--cli", ...args],
      // Its catalog and settings go to a folder of the test's, never the machine's home.
      env: { HOME: dir, MCP_CATALOG_PATH: `${dir}/mcp.json`, NO_COLOR: "1" },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    return {
      code: out.code,
      stdout: new TextDecoder().decode(out.stdout),
      stderr: new TextDecoder().decode(out.stderr),
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test({
  name: "inspector: the CLI lists the tools and calls one in the modern, auto and legacy eras",
  ...E2E,
  fn: async (t) => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("employee");
      for (const era of ["modern", "auto", "legacy"]) {
        await t.step(`--protocol-era ${era}`, async () => {
          const common = [
            s.mcpUrl.href,
            "--transport",
            "http",
            "--header",
            `Authorization: Bearer ${g.token}`,
            "--protocol-era",
            era,
          ];
          const list = await inspector([...common, "--method", "tools/list"]);
          assert.equal(list.code, 0, list.stderr.slice(-2000));
          const tools = JSON.parse(list.stdout.slice(list.stdout.indexOf("{"))).tools;
          assert.equal(tools.length, 36);
          const call = await inspector([...common, "--method", "tools/call", "--tool-name", "whoami"]);
          assert.equal(call.code, 0, call.stderr.slice(-2000));
          const result = JSON.parse(call.stdout.slice(call.stdout.indexOf("{")));
          assert.notEqual(result.isError, true, call.stdout.slice(0, 500));
          assert.equal(result.structuredContent.user.role, "employee");
          if (era === "modern") {
            assert.equal(result._meta["io.modelcontextprotocol/serverInfo"].name, "hr-service");
          }
        });
      }
    } finally {
      await s.close();
    }
  },
});
