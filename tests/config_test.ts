import assert from "node:assert/strict";
import { ConfigError, loadConfig } from "../src/config.ts";

Deno.test("config: defaults serve a small installation", () => {
  const c = loadConfig({});
  assert.equal(c.port, 8000);
  assert.equal(c.databaseUrl, "file:./data/hr.db");
  assert.equal(c.issuer, "http://localhost:8000");
  assert.equal(c.mcpResource, "http://localhost:8000/api/mcp");
  assert.equal(c.mcpEnabled, false);
  assert.equal(c.personRecordDailyAllowance, 1000);
  assert.equal(c.demoData, true);
});

Deno.test("config: the connector is enabled only by the exact value 'true' (contract)", async (t) => {
  for (
    const [v, on] of [["true", true], ["TRUE", false], ["1", false], ["yes", false], [
      "false",
      false,
    ]] as const
  ) {
    await t.step(`FEATURE_MCP_CONNECTOR=${v}`, () => {
      assert.equal(loadConfig({ FEATURE_MCP_CONNECTOR: v }).mcpEnabled, on);
    });
  }
});

Deno.test("config: the issuer follows the port unless MCP_ISSUER_URL is set, and loses a trailing slash", () => {
  assert.equal(loadConfig({ PORT: "9100" }).issuer, "http://localhost:9100");
  const c = loadConfig({ MCP_ISSUER_URL: "https://HR.Example.ch/" });
  assert.equal(c.issuer, "https://hr.example.ch");
  assert.equal(c.mcpResource, "https://hr.example.ch/api/mcp");
});

Deno.test("config: every invalid value is named, all at once", () => {
  try {
    loadConfig({
      PORT: "eighty",
      DATABASE_URL: "postgres://x",
      MCP_ISSUER_URL: "hr.example.ch",
      PERSON_RECORD_DAILY_ALLOWANCE: "-5",
      DEMO_DATA: "maybe",
      DATABASE_SYNCHRONOUS: "OFF",
    });
    assert.fail("expected a ConfigError");
  } catch (e) {
    assert.ok(e instanceof ConfigError);
    const text = e.message;
    for (
      const name of [
        "PORT",
        "DATABASE_URL",
        "MCP_ISSUER_URL",
        "PERSON_RECORD_DAILY_ALLOWANCE",
        "DEMO_DATA",
        "DATABASE_SYNCHRONOUS",
      ]
    ) {
      assert.match(text, new RegExp(name), `${name} is named`);
    }
  }
});

Deno.test("config: DATABASE_SYNCHRONOUS is NORMAL unless FULL is asked for", () => {
  assert.equal(loadConfig({}).databaseSynchronous, "NORMAL");
  assert.equal(loadConfig({ DATABASE_SYNCHRONOUS: "FULL" }).databaseSynchronous, "FULL");
});

Deno.test("config: libsql:// and http:// database URLs are accepted", () => {
  assert.equal(loadConfig({ DATABASE_URL: "libsql://db.example.ch" }).databaseUrl, "libsql://db.example.ch");
  assert.equal(loadConfig({ DATABASE_URL: "http://127.0.0.1:8080" }).databaseUrl, "http://127.0.0.1:8080");
});

Deno.test("config: an upstream OpenID issuer needs a client id", () => {
  assert.throws(() => loadConfig({ OIDC_ISSUER: "https://login.example.ch" }), /OIDC_CLIENT_ID/);
  const c = loadConfig({ OIDC_ISSUER: "https://login.example.ch", OIDC_CLIENT_ID: "hr" });
  assert.equal(c.oidc?.clientId, "hr");
});

Deno.test("config: the process stops with a message naming the variable", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../main.ts", import.meta.url).pathname, "migrate"],
    env: { PORT: "99999", DATABASE_URL: "file:/tmp/never-created/x.db" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 2);
  assert.match(new TextDecoder().decode(out.stderr), /PORT must be a whole number from 0 to 65535/);
});

Deno.test("config: the fault seam is off unless FAULT_STOP_AT names a commit phase exactly", async (t) => {
  await t.step("unset or empty: off", () => {
    assert.equal(loadConfig({}).faultStopAt, undefined);
    assert.equal(loadConfig({ FAULT_STOP_AT: "" }).faultStopAt, undefined);
  });
  await t.step("a phase: on", () => {
    assert.equal(loadConfig({ FAULT_STOP_AT: "in-filing" }).faultStopAt, "in-filing");
    assert.equal(loadConfig({ FAULT_STOP_AT: "after-filing" }).faultStopAt, "after-filing");
  });
  await t.step("anything else is refused, naming the phases", () => {
    assert.throws(
      () => loadConfig({ FAULT_STOP_AT: "true" }),
      (e: unknown) =>
        e instanceof ConfigError &&
        e.message.includes("FAULT_STOP_AT (a testing aid) must be one of in-filing, after-filing, or unset"),
    );
  });
});

Deno.test("source key: IPv4 as it is, an IPv4-mapped address as its IPv4, IPv6 by its /64", async () => {
  const { sourceKey } = await import("../src/client_address.ts");
  assert.equal(sourceKey("192.0.2.7"), "192.0.2.7");
  assert.equal(sourceKey("::ffff:192.0.2.7"), "192.0.2.7");
  assert.equal(sourceKey("2001:db8:1:2::1"), "2001:db8:1:2::/64");
  assert.equal(sourceKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff"), "2001:db8:1:2::/64");
  assert.equal(sourceKey("::1"), "0:0:0:0::/64");
  assert.equal(sourceKey("unknown"), "unknown");
});
