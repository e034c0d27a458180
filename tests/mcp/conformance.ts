/**
 * Runs the official conformance tool (`@modelcontextprotocol/conformance`, under Deno) against the
 * connector: `deno run -A tests/mcp/conformance.ts [scenario …]`.
 *
 * The tool has no way to send a bearer token, and every call to /api/mcp needs one; so the connector runs
 * behind a local pass-through proxy that adds `Authorization: Bearer <token>` (an HR-staff token with all
 * scopes, from the real token functions) and changes nothing else. The scenarios run by default are the
 * ones that apply to this server; the others test fixtures of the SDK's "everything" example server
 * (tools named test_simple_text, sampling, elicitation, subscriptions, SSE streams) that a stateless HR
 * connector does not have.
 */
import { startMcpServer } from "./_harness.ts";

const APPLICABLE = [
  "server-initialize",
  "ping",
  "tools-list",
  "resources-list",
  "prompts-list",
  "dns-rebinding-protection",
];
const VERSION = "0.1.16";

const scenarios = Deno.args.length ? Deno.args : APPLICABLE;
const s = await startMcpServer();
const g = await s.grant("hr");
const ac = new AbortController();
const proxy = Deno.serve({ hostname: "127.0.0.1", port: 0, signal: ac.signal, onListen: () => {} }, (req) => {
  const url = new URL(req.url);
  const headers = new Headers(req.headers);
  headers.set("Authorization", `Bearer ${g.token}`);
  headers.delete("host");
  return fetch(`${s.origin}${url.pathname}${url.search}`, {
    method: req.method,
    headers,
    body: req.body,
    redirect: "manual",
  });
});
const target = `http://127.0.0.1:${proxy.addr.port}/api/mcp`;
let failed = 0;
for (const scenario of scenarios) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      `npm:@modelcontextprotocol/conformance@${VERSION}`,
      "server",
      "--url",
      target,
      "--scenario",
      scenario,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  console.log(
    `── ${scenario} (exit ${out.code})\n${
      text.split("\n").filter((l) => !/^(Download|\s*$)/.test(l)).join("\n")
    }`,
  );
  if (out.code !== 0) failed++;
}
ac.abort();
await proxy.finished;
await s.close();
console.log(`\n${scenarios.length - failed} passed, ${failed} failed`);
Deno.exit(failed ? 1 : 0);
