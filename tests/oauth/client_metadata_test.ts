/**
 * Client ID Metadata Documents: an https URL as client_id, its document fetched from a real https server on
 * this machine with a certificate of a test CA made here, checked, cached by its HTTP caching headers, and
 * every refusal named, once through the runtime's fetch injected and once through the service's own fetcher
 * (resolver and address rule swapped so loopback is allowed). The production fetcher never reaches loopback
 * or private addresses in any of their spellings, resolves a name once and connects to the address it
 * checked, verifying the certificate against the URL's host name.
 */
import assert from "node:assert/strict";
import { appBrowser, authorize, exchange, hidden, ISSUER, makeOAuthApp, PASSWORD, pkce } from "./_helpers.ts";
import {
  createPublicFetcher,
  isMetadataClientId,
  isPublicAddress,
  type MetadataFetcher,
  PUBLIC_FETCHER,
} from "../../src/oauth/client_metadata.ts";

import { testCertificates } from "../_test_ca.ts";

const CB = "https://assistant.example/cb";

/** A fetcher that trusts the test CA, and how to release it. */
type TestFetcher = (ca: string) => { fetcher: MetadataFetcher; close(): void };

const FETCHERS: [string, TestFetcher][] = [
  ["the runtime's fetch", (ca) => {
    const client = Deno.createHttpClient({ caCerts: [ca] });
    return { fetcher: { fetch: (u, init) => fetch(u, { ...init, client }) }, close: () => client.close() };
  }],
  ["the service's fetcher", (ca) => ({
    fetcher: createPublicFetcher({
      caCerts: [ca],
      resolve: (host) => Promise.resolve(host === "localhost" ? ["127.0.0.1"] : []),
      addressAllowed: (ip) => ip === "127.0.0.1",
    }),
    close: () => {},
  })],
];

/** An HTTPS server on a free port of 127.0.0.1 with the given certificate, until `signal` aborts. */
function serveTls(
  certs: { cert: string; key: string },
  signal: AbortSignal,
  handler: (req: Request) => Response | Promise<Response>,
) {
  return Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    cert: certs.cert,
    key: certs.key,
    signal,
    onListen: () => {},
  }, handler);
}

for (const [via, makeFetcher] of FETCHERS) {
  Deno.test({
    name:
      `client metadata (${via}): an https URL as client_id, its document fetched, checked, cached and refused when wrong`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      const certs = await testCertificates();
      let doc: unknown = null;
      let status = 200;
      let cacheControl = "max-age=600";
      let chunked = false;
      let fetches = 0;
      const ac = new AbortController();
      const server = serveTls(certs, ac.signal, () => {
        fetches++;
        const text = typeof doc === "string" ? doc : JSON.stringify(doc);
        // A stream has no length, so the server sends it with chunked transfer coding.
        const body = chunked
          ? new ReadableStream<Uint8Array>({
            start(c) {
              const bytes = new TextEncoder().encode(text);
              for (let i = 0; i < bytes.length; i += 100) c.enqueue(bytes.slice(i, i + 100));
              c.close();
            },
          })
          : text;
        return new Response(body, {
          status,
          headers: { "Content-Type": "application/json", "Cache-Control": cacheControl },
        });
      });
      const url = `https://localhost:${server.addr.port}/oauth/client-metadata.json`;
      const app = await makeOAuthApp();
      const testFetcher = makeFetcher(certs.ca);
      app.deps.clientMetadataFetcher = testFetcher.fetcher;
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
        await t.step(
          "the whole flow with the URL as client_id; the consent page shows its host",
          async () => {
            doc = good;
            const b = appBrowser(app);
            const { verifier, challenge } = await pkce();
            const r = await authorize(b, { clientId: url, challenge, scope: "self:read" });
            assert.ok(r.url.startsWith(CB), r.html?.slice(0, 300) ?? r.url);
            const code = new URL(r.url).searchParams.get("code")!;
            const tok = await exchange(app, { clientId: url, code, verifier });
            assert.equal(tok.status, 200, JSON.stringify(tok.body));
            assert.equal(tok.body.scope, "self:read");
          },
        );
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
          [
            "larger than 5 KB in chunks without a length",
            () => (doc = { ...good, client_name: "x".repeat(6000) }, chunked = true),
            /larger than 5120 bytes/,
          ],
          ["not JSON", () => (doc = "<html>"), /not usable JSON/],
          ["HTTP 404", () => (status = 404), /answered HTTP 404/],
        ];
        for (const [name, set, message] of refusals) {
          await t.step(name, async () => {
            doc = good;
            status = 200;
            chunked = false;
            set();
            cacheControl = "no-store";
            app.clock.advance(86_400_000);
            const { r } = await start();
            assert.equal(r.response.status, 400, name);
            const html = r.html ?? await r.response.text();
            assert.match(html, message);
          });
        }
        await t.step("a document in chunks without a length is read whole", async () => {
          doc = { ...good, client_name: "Chunked Assistant", software_id: "y".repeat(90) };
          status = 200;
          chunked = true;
          cacheControl = "no-store";
          app.clock.advance(86_400_000);
          const { r } = await start();
          assert.ok(r.url.startsWith(CB), r.html?.slice(0, 300) ?? r.url);
          chunked = false;
        });
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
        testFetcher.close();
        app.close();
        ac.abort();
        await server.finished;
      }
    },
  });
}

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

/** The host as a URL carries it: the WHATWG parser writes IPv6 in hex and IPv4 in dotted decimal. */
const hostOf = (host: string) => new URL(`https://${host}/x`).hostname;

Deno.test("client metadata: no spelling of a non-public address counts as public", () => {
  const refused = [
    // IPv4 ranges: this network, private, loopback, CGNAT, link-local, IETF protocol assignments, 6to4
    // relay, documentation, benchmarking, multicast, reserved, broadcast
    "0.0.0.0",
    "0.1.2.3",
    "10.0.0.1",
    "10.255.255.255",
    "100.64.0.1",
    "100.127.255.255",
    "127.0.0.1",
    "127.255.255.254",
    "169.254.169.254",
    "172.16.0.1",
    "172.31.255.255",
    "192.0.0.8",
    "192.0.2.1",
    "192.88.99.1",
    "192.168.1.1",
    "198.18.0.1",
    "198.19.255.255",
    "198.51.100.7",
    "203.0.113.9",
    "224.0.0.1",
    "239.255.255.255",
    "240.0.0.1",
    "255.255.255.255",
    // IPv4 in decimal, octal, hex and short forms: the URL parser makes them dotted decimal
    "2130706433",
    "0177.0.0.1",
    "0x7f.1",
    "127.1",
    "0xa9.0xfe.0xa9.0xfe",
    "3232235777",
    // IPv4-mapped, as typed and as the parser writes it
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "[0:0:0:0:0:ffff:7f00:1]",
    "[::ffff:a9fe:a9fe]",
    "[::ffff:a00:1]",
    "[::ffff:c0a8:101]",
    "[::ffff:0.0.0.0]",
    // IPv4-compatible (deprecated, never public even around a public address) and IPv4-translated
    "[::127.0.0.1]",
    "[::7f00:1]",
    "[::8.8.8.8]",
    "[::ffff:0:127.0.0.1]",
    "[::ffff:0:808:808]",
    // unspecified, loopback
    "[::]",
    "[::1]",
    "[0:0:0:0:0:0:0:1]",
    // 6to4 around a non-public IPv4
    "[2002:7f00:1::]",
    "[2002:a9fe:a9fe::1]",
    "[2002:c0a8:101:1::1]",
    // NAT64: the well-known prefix around a non-public IPv4, the local-use prefix always
    "[64:ff9b::7f00:1]",
    "[64:ff9b::169.254.169.254]",
    "[64:ff9b:1::808:808]",
    // Teredo, benchmarking, ORCHID and the rest of 2001::/23, documentation (both prefixes), discard
    "[2001:0:4136:e378:8000:63bf:3fff:fdd2]",
    "[2001::1]",
    "[2001:2::1]",
    "[2001:10::1]",
    "[2001:20::1]",
    "[2001:db8::1]",
    "[2001:db8:85a3::8a2e:370:7334]",
    "[3fff::1]",
    "[100::1]",
    // unique-local, link-local, site-local, multicast, SRv6 SIDs, and unassigned space outside 2000::/3
    "[fc00::1]",
    "[fd00::2]",
    "[fdff:ffff::1]",
    "[fe80::1]",
    "[febf:ffff::1]",
    "[fec0::1]",
    "[feff::1]",
    "[ff02::1]",
    "[ff0e::101]",
    "[5f00::1]",
    "[4000::1]",
    "[1000::1]",
  ];
  for (const host of refused) {
    const h = hostOf(host);
    assert.equal(isPublicAddress(h), false, `${host} (${h})`);
    assert.equal(isPublicAddress(h.replace(/^\[|\]$/g, "")), false, `${host} (${h}, bare)`);
  }
  const allowed = [
    "8.8.8.8",
    "1.1.1.1",
    "193.5.216.14",
    "100.63.255.255",
    "100.128.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "192.0.3.1",
    "192.169.0.1",
    "198.17.255.255",
    "198.20.0.1",
    "223.255.255.255",
    "[2a00:1450:4001::1]",
    "[2606:4700:4700::1111]",
    "[2001:200::1]",
    "[2c0f:fb50::1]",
    // an IPv4 inside is judged by that IPv4
    "[::ffff:8.8.8.8]",
    "[2002:808:808::1]",
    "[64:ff9b::8.8.8.8]",
  ];
  for (const host of allowed) {
    const h = hostOf(host);
    assert.equal(isPublicAddress(h), true, `${host} (${h})`);
    assert.equal(isPublicAddress(h.replace(/^\[|\]$/g, "")), true, `${host} (${h}, bare)`);
  }
});

Deno.test("client metadata: what does not parse as one address is not public", () => {
  for (
    const text of [
      // IPv4 not in canonical dotted decimal: refused, never guessed at
      "2130706433",
      "0177.0.0.1",
      "0x7f.1",
      "0x7f.0.0.1",
      "127.1",
      "127.0.0.01",
      "8.8.8.08",
      "08.8.8.8",
      "8.8.8",
      "8.8.8.8.",
      " 8.8.8.8",
      "8.8.8.8 ",
      "256.1.1.1",
      "1.2.3.4.5",
      "+8.8.8.8",
      "[8.8.8.8]",
      // IPv6 that is malformed or carries a zone
      "2a00:1450:4001::1%eth0",
      "fe80::1%eth0",
      "[fe80::1%25eth0]",
      "2a00::1::2",
      ":::",
      ":2a00::1",
      "2a00::1:",
      "2a00:1450:4001:0:0:0:0:1:2",
      "2a00:1450:4001:0:0:0:0:1::",
      "2a00:1450:4001:1:2:3:4",
      "12345::1",
      "2a00:g::1",
      "::ffff:8.8.8",
      "::ffff:8.8.8.8.8",
      "::ffff:8.8.8.08",
      "::8.8.8.8:1",
      "2a00::8.8.8.8::",
      "[2a00:1450:4001::1",
      "2a00:1450:4001::1]",
      "[[2a00:1450:4001::1]]",
      "",
      "localhost",
      "example.com",
    ]
  ) {
    assert.equal(isPublicAddress(text), false, JSON.stringify(text));
  }
});

/** A TCP listener on 127.0.0.1 that counts the connections it accepts. */
function countingListener() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const state = { connections: 0 };
  const accepting = (async () => {
    try {
      for await (const conn of listener) {
        state.connections++;
        conn.close();
      }
    } catch { /* closed */ }
  })();
  return {
    port: listener.addr.port,
    state,
    async close() {
      listener.close();
      await accepting;
    },
  };
}

Deno.test("client metadata: the production fetcher never connects to loopback, however it is written", async () => {
  const local = countingListener();
  try {
    for (
      const host of [
        "[::ffff:7f00:1]",
        "[::ffff:127.0.0.1]",
        "[::7f00:1]",
        "[::ffff:0:7f00:1]",
        "[2002:7f00:1::]",
        "[64:ff9b::7f00:1]",
        "127.0.0.1",
        "2130706433",
        "0x7f.1",
        "127.1",
      ]
    ) {
      await assert.rejects(
        () => PUBLIC_FETCHER.fetch(`https://${host}:${local.port}/x.json`, {}),
        /non-public address/,
        host,
      );
    }
    // The whole authorization request without an injected fetcher: refused with the reason, nothing sent.
    const app = await makeOAuthApp();
    try {
      const url = `https://[::ffff:7f00:1]:${local.port}/oauth/client-metadata.json`;
      assert.equal(isMetadataClientId(url), true);
      const { challenge } = await pkce();
      const r = await authorize(appBrowser(app), { clientId: url, challenge, scope: "self:read" });
      assert.equal(r.response.status, 400);
      assert.match(r.html ?? await r.response.text(), /non-public address/);
    } finally {
      app.close();
    }
    assert.equal(local.state.connections, 0);
  } finally {
    await local.close();
  }
});

Deno.test({
  name:
    "client metadata: a name is resolved once, every address checked, and the checked address is the one connected to",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    // `.test` names never resolve in the DNS (RFC 6761): a connection that arrives came by the checked address.
    const certs = await testCertificates("DNS:client.test");
    const hosts: string[] = [];
    const ac = new AbortController();
    const server = serveTls(certs, ac.signal, (req) => {
      hosts.push(req.headers.get("host") ?? "");
      return Response.json({ client_id: req.url }, { headers: { "Cache-Control": "max-age=60" } });
    });
    const port = server.addr.port;
    const local = countingListener();
    const lookups: string[] = [];
    const fetcherFor = (
      answers: Record<string, string[]>,
      allowed: (ip: string) => boolean = (ip) => ip === "127.0.0.1",
    ) =>
      createPublicFetcher({
        caCerts: [certs.ca],
        resolve: (host) => {
          lookups.push(host);
          return Promise.resolve(answers[host] ?? []);
        },
        addressAllowed: allowed,
      });
    const get = (fetcher: MetadataFetcher, url: string) =>
      fetcher.fetch(url, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(5_000) });
    try {
      await t.step(
        "one lookup, the connection to its address, the certificate checked for the name",
        async () => {
          lookups.length = 0;
          const res = await get(
            fetcherFor({ "client.test": ["127.0.0.1"] }),
            `https://client.test:${port}/x.json`,
          );
          assert.equal(res.status, 200);
          assert.deepEqual(await res.json(), { client_id: `https://client.test:${port}/x.json` });
          assert.equal(res.headers.get("cache-control"), "max-age=60");
          assert.deepEqual(lookups, ["client.test"]);
          assert.deepEqual(hosts, [`client.test:${port}`]);
        },
      );
      await t.step("one non-public address among the answers refuses the host, nothing sent", async () => {
        lookups.length = 0;
        const fetcher = fetcherFor({ "client.test": ["127.0.0.1", "10.0.0.1"] });
        await assert.rejects(() => get(fetcher, `https://client.test:${port}/x.json`), /non-public address/);
        assert.deepEqual(lookups, ["client.test"]);
        assert.equal(hosts.length, 1);
      });
      await t.step(
        "with the production rule a name answering loopback is refused before connecting",
        async () => {
          lookups.length = 0;
          const fetcher = fetcherFor(
            { "client.test": ["127.0.0.1"], "v6.test": ["::ffff:127.0.0.1"] },
            isPublicAddress,
          );
          await assert.rejects(
            () => get(fetcher, `https://client.test:${local.port}/x.json`),
            /non-public address/,
          );
          await assert.rejects(
            () => get(fetcher, `https://v6.test:${local.port}/x.json`),
            /non-public address/,
          );
          assert.deepEqual(lookups, ["client.test", "v6.test"]);
          assert.equal(local.state.connections, 0);
        },
      );
      await t.step("a name that does not resolve is refused", async () => {
        await assert.rejects(
          () => get(fetcherFor({}), `https://client.test:${port}/x.json`),
          /does not resolve/,
        );
      });
      await t.step("a certificate for another name is refused although the address was allowed", async () => {
        const fetcher = fetcherFor({ "other.test": ["127.0.0.1"] });
        await assert.rejects(
          () => get(fetcher, `https://other.test:${port}/x.json`),
          /NotValidForName|certificate/i,
        );
        assert.equal(hosts.length, 1);
      });
      await t.step(
        "the request as written; answers framed by length, by the end, after a 1xx; redirects not followed; bad framing refused",
        async () => {
          // A TLS server that answers each connection with the next of these, byte for byte, then closes.
          const answers = [
            'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n{"framed":"by the end"}',
            "HTTP/1.1 103 Early Hints\r\nlink: </a>\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}",
            "HTTP/1.1 302 Found\r\nlocation: https://127.0.0.1:1/x.json\r\ncontent-length: 0\r\n\r\n",
            "HTTP/1.1 200 OK\r\ntransfer-encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
            "HTTP/1.1 200 OK\r\ncontent-length: 5, 6\r\n\r\n{}",
            "HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\n{}",
            "SSH-2.0-OpenSSH_9.6\r\n",
          ];
          const requests: string[] = [];
          const raw = Deno.listenTls({ hostname: "127.0.0.1", port: 0, cert: certs.cert, key: certs.key });
          const serving = (async () => {
            try {
              for await (const conn of raw) {
                const buf = new Uint8Array(4096);
                const n = await conn.read(buf);
                requests.push(new TextDecoder().decode(buf.subarray(0, n ?? 0)));
                await conn.write(new TextEncoder().encode(answers[requests.length - 1]));
                conn.close();
              }
            } catch { /* closed */ }
          })();
          const fetcher = fetcherFor({ "client.test": ["127.0.0.1"] });
          const url = `https://client.test:${raw.addr.port}/x.json?v=1`;
          try {
            const byEnd = await get(fetcher, url);
            assert.deepEqual(await byEnd.json(), { framed: "by the end" });
            assert.equal(
              requests[0],
              `GET /x.json?v=1 HTTP/1.1\r\nhost: client.test:${raw.addr.port}\r\naccept: application/json\r\n` +
                "user-agent: hr-service (client metadata)\r\naccept-encoding: identity\r\nconnection: close\r\n\r\n",
            );
            const afterHints = await get(fetcher, url);
            assert.equal(afterHints.status, 200);
            assert.equal(await afterHints.text(), "{}");
            const redirect = await get(fetcher, url);
            assert.equal(redirect.status, 302, "a redirect is an answer, not followed");
            assert.equal(requests.length, 3);
            await assert.rejects(() => get(fetcher, url), /transfer coding other than chunked/);
            await assert.rejects(() => get(fetcher, url), /Content-Length is malformed/);
            await assert.rejects(() => get(fetcher, url), /ended early/);
            await assert.rejects(() => get(fetcher, url), /not HTTP\/1\.1/);
          } finally {
            raw.close();
            await serving;
          }
        },
      );
      await t.step("a server that never answers is given up after the timeout", async () => {
        const silent = Deno.listen({ hostname: "127.0.0.1", port: 0 });
        const held: Deno.Conn[] = [];
        const accepting = (async () => {
          try {
            for await (const c of silent) held.push(c);
          } catch { /* closed */ }
        })();
        try {
          const fetcher = fetcherFor({ "client.test": ["127.0.0.1"] });
          const started = Date.now();
          await assert.rejects(() =>
            fetcher.fetch(`https://client.test:${silent.addr.port}/x.json`, {
              signal: AbortSignal.timeout(300),
            }), (e: Error) => e.name === "TimeoutError");
          // Given up at the caller's signal, not at a later timeout of its own (bound for a busy machine).
          assert.ok(Date.now() - started < 30_000);
        } finally {
          silent.close();
          await accepting;
          for (const c of held) c.close();
        }
      });
    } finally {
      await local.close();
      ac.abort();
      await server.finished;
    }
  },
});
