/**
 * A public issuer on plain http: OAuth 2.1 requires https for the authorization server except on a loopback
 * address, and the MCP SDK v2 client refuses such a token endpoint, so `serve` says so at start.
 */
import assert from "node:assert/strict";
import { loadConfig, logStartWarnings } from "../../src/config.ts";
import { memoryLogger } from "../../src/log.ts";

function warningsFor(env: Record<string, string>) {
  const log = memoryLogger();
  logStartWarnings(loadConfig(env), log);
  return log.lines.filter((l) => l.level === "warn");
}

Deno.test("start: a plain-http issuer on a public host logs a warning when the connector is on", () => {
  const lines = warningsFor({ MCP_ISSUER_URL: "http://hr.example.ch", FEATURE_MCP_CONNECTOR: "true" });
  assert.equal(lines.length, 1, JSON.stringify(lines));
  assert.match(String(lines[0].msg), /MCP_ISSUER_URL/);
  assert.match(String(lines[0].msg), /https/);
  assert.equal(lines[0].issuer, "http://hr.example.ch");
  for (const host of ["http://10.0.0.5:8000", "http://hr.example.ch:8080", "http://[2001:db8::1]"]) {
    assert.equal(warningsFor({ MCP_ISSUER_URL: host, FEATURE_MCP_CONNECTOR: "true" }).length, 1, host);
  }
});

Deno.test("start: no warning for https, a loopback issuer, or with the connector off", () => {
  for (
    const issuer of [
      "https://hr.example.ch",
      "http://localhost:8000",
      "http://LOCALHOST:8000",
      "http://127.0.0.1:8000",
      "http://127.8.9.10",
      "http://[::1]:8000",
    ]
  ) {
    assert.deepEqual(warningsFor({ MCP_ISSUER_URL: issuer, FEATURE_MCP_CONNECTOR: "true" }), [], issuer);
  }
  assert.deepEqual(warningsFor({ FEATURE_MCP_CONNECTOR: "true" }), [], "the default issuer is localhost");
  assert.deepEqual(warningsFor({ MCP_ISSUER_URL: "http://hr.example.ch" }), [], "connector off");
});
