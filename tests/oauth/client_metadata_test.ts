/**
 * Client ID Metadata Documents: an https URL as client_id, its document fetched from a real https server on
 * this machine with a certificate of a test CA made here, checked, cached by its HTTP caching headers, and
 * every refusal named. The production fetcher never reaches loopback or private addresses.
 */
import assert from "node:assert/strict";
import { appBrowser, authorize, exchange, hidden, ISSUER, makeOAuthApp, PASSWORD, pkce } from "./_helpers.ts";
import { isMetadataClientId, isPublicAddress, PUBLIC_FETCHER } from "../../src/oauth/client_metadata.ts";

const CB = "https://assistant.example/cb";

async function run(cmd: string[], cwd: string) {
  const out = await new Deno.Command(cmd[0], { args: cmd.slice(1), cwd, stdout: "null", stderr: "piped" })
    .output();
  if (out.code !== 0) throw new Error(`${cmd.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
}

/** A test CA and a certificate for localhost / 127.0.0.1 signed by it (openssl, made fresh each run). */
async function testCertificates() {
  const dir = await Deno.makeTempDir({ prefix: "hr-ca-" });
  await run([
    "openssl",
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-nodes",
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "1",
    "-subj",
    "/CN=HR test CA",
  ], dir);
  await run([
    "openssl",
    "req",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-nodes",
    "-keyout",
    "srv.key",
    "-out",
    "srv.csr",
    "-subj",
    "/CN=localhost",
  ], dir);
  await Deno.writeTextFile(`${dir}/ext.cnf`, "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
  await run([
    "openssl",
    "x509",
    "-req",
    "-in",
    "srv.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "srv.pem",
    "-days",
    "1",
    "-extfile",
    "ext.cnf",
  ], dir);
  const read = (f: string) => Deno.readTextFile(`${dir}/${f}`);
  const certs = { ca: await read("ca.pem"), cert: await read("srv.pem"), key: await read("srv.key") };
  await Deno.remove(dir, { recursive: true });
  return certs;
}

Deno.test({
  name:
    "client metadata: an https URL as client_id, its document fetched, checked, cached and refused when wrong",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const certs = await testCertificates();
    let doc: unknown = null;
    let status = 200;
    let cacheControl = "max-age=600";
    let fetches = 0;
    const ac = new AbortController();
    const server = Deno.serve(
      {
        hostname: "127.0.0.1",
        port: 0,
        cert: certs.cert,
        key: certs.key,
        signal: ac.signal,
        onListen: () => {},
      },
      () => {
        fetches++;
        return new Response(typeof doc === "string" ? doc : JSON.stringify(doc), {
          status,
          headers: { "Content-Type": "application/json", "Cache-Control": cacheControl },
        });
      },
    );
    const url = `https://localhost:${server.addr.port}/oauth/client-metadata.json`;
    const app = await makeOAuthApp();
    const httpClient = Deno.createHttpClient({ caCerts: [certs.ca] });
    app.deps.clientMetadataFetcher = { fetch: (u, init) => fetch(u, { ...init, client: httpClient }) };
    const good = {
      client_id: url,
      client_name: "Editor Assistant",
      redirect_uris: [CB],
      token_endpoint_auth_method: "none",
    };
    const start = async (clientId = url) => {
      const b = appBrowser(app);
      const { verifier, challenge } = await pkce();
      return { b, verifier, challenge, r: await authorize(b, { clientId, challenge, scope: "self:read" }) };
    };
    try {
      await t.step("the server says it accepts metadata documents", async () => {
        const m = await (await app.app.request(`${ISSUER}/.well-known/oauth-authorization-server`)).json();
        assert.equal(m.client_id_metadata_document_supported, true);
      });
      await t.step("the whole flow with the URL as client_id; the consent page shows its host", async () => {
        doc = good;
        const b = appBrowser(app);
        const { verifier, challenge } = await pkce();
        const r = await authorize(b, { clientId: url, challenge, scope: "self:read" });
        assert.ok(r.url.startsWith(CB), r.html?.slice(0, 300) ?? r.url);
        const code = new URL(r.url).searchParams.get("code")!;
        const tok = await exchange(app, { clientId: url, code, verifier });
        assert.equal(tok.status, 200, JSON.stringify(tok.body));
        assert.equal(tok.body.scope, "self:read");
      });
      await t.step("the consent page names the client with its host", async () => {
        const b = appBrowser(app);
        const { challenge } = await pkce();
        const q = new URLSearchParams({
          response_type: "code",
          client_id: url,
          redirect_uri: CB,
          code_challenge: challenge,
          code_challenge_method: "S256",
          resource: `${ISSUER}/api/mcp`,
          scope: "self:read",
          state: "s",
        });
        const first = await b.follow(`/oauth/authorize?${q}`);
        const signin = await first.response.text();
        const next = await b.postForm("/oauth/signin", [
          ["csrf", hidden(signin, "csrf")],
          ["request", hidden(signin, "request")],
          ["email", "erika@example.ch"],
          ["password", PASSWORD],
        ]);
        assert.match(next.url, /\/oauth\/consent/);
        const html = await next.response.text();
        assert.ok(html.includes(`Editor Assistant (localhost:${server.addr.port})`), html.slice(0, 800));
      });
      await t.step("cached for its max-age: a changed document is read again only after", async () => {
        const before = fetches;
        doc = { ...good, client_id: "https://other.example/x.json" };
        assert.ok((await start()).r.url.startsWith(CB), "still the cached document");
        assert.equal(fetches, before);
        app.clock.advance(601_000);
        const refused = await start();
        assert.ok(!refused.r.url.startsWith(CB));
        assert.equal(refused.r.response.status, 400);
        assert.equal(fetches, before + 1);
      });
      const refusals: [string, () => void, RegExp][] = [
        [
          "client_id in the document differs from the URL",
          () => (doc = { ...good, client_id: `${url}?x` }),
          /client_id is not the URL/,
        ],
        [
          "a redirect URI that is not https",
          () => (doc = { ...good, redirect_uris: ["http://evil.example/cb"] }),
          /redirect URIs are refused/,
        ],
        [
          "a confidential client",
          () => (doc = { ...good, token_endpoint_auth_method: "client_secret_basic" }),
          /Only public clients/,
        ],
        [
          "larger than 5 KB",
          () => (doc = { ...good, client_name: "x".repeat(6000) }),
          /larger than 5120 bytes/,
        ],
        ["not JSON", () => (doc = "<html>"), /not usable JSON/],
        ["HTTP 404", () => (status = 404), /answered HTTP 404/],
      ];
      for (const [name, set, message] of refusals) {
        await t.step(name, async () => {
          doc = good;
          status = 200;
          set();
          cacheControl = "no-store";
          app.clock.advance(86_400_000);
          const { r } = await start();
          assert.equal(r.response.status, 400, name);
          const html = r.html ?? await r.response.text();
          assert.match(html, message);
        });
      }
      await t.step("a redirect_uri not in the document is refused", async () => {
        doc = good;
        status = 200;
        app.clock.advance(86_400_000);
        const b = appBrowser(app);
        const { challenge } = await pkce();
        const r = await authorize(b, {
          clientId: url,
          challenge,
          redirectUri: "https://assistant.example/other",
        });
        assert.equal(r.response.status, 400);
      });
    } finally {
      httpClient.close();
      app.close();
      ac.abort();
      await server.finished;
    }
  },
});

Deno.test("client metadata: which client ids are URLs of a document", () => {
  assert.equal(isMetadataClientId("https://vscode.dev/oauth/client-metadata.json"), true);
  for (
    const bad of [
      "http://vscode.dev/x.json",
      "https://vscode.dev",
      "https://vscode.dev/",
      "https://u:p@a.example/x",
      "https://a.example/x#f",
      "https://a.example/a/../x",
      "mcp_abc",
    ]
  ) {
    assert.equal(isMetadataClientId(bad), false, bad);
  }
});

Deno.test("client metadata: the production fetcher refuses loopback, private and link-local addresses", async () => {
  for (
    const ip of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "0.0.0.0",
    ]
  ) {
    assert.equal(isPublicAddress(ip), false, ip);
  }
  for (const ip of ["8.8.8.8", "193.5.216.14", "2a00:1450:4001::1"]) {
    assert.equal(isPublicAddress(ip), true, ip);
  }
  await assert.rejects(() => PUBLIC_FETCHER.fetch("https://127.0.0.1:1/x.json", {}), /non-public address/);
});
