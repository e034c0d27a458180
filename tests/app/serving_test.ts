/**
 * How the employee app is served: the page at each screen's path with its Content-Security-Policy, the files
 * with strong ETags (304 when unchanged) and gzip, the service worker at the root, the manifest and its icons,
 * and the size a phone downloads on its first visit.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { appTransferSizes } from "../../src/web/app_routes.ts";

Deno.test("app: every screen's path serves the page, with a policy allowing only the app's own files", async () => {
  const t = await makeTestApp();
  try {
    for (
      const path of [
        "/",
        "/leave",
        "/time",
        "/sick",
        "/payslips",
        "/salary",
        "/team",
        "/todos",
        "/profile",
        "/assistants",
        "/account",
      ]
    ) {
      const r = await t.request(path);
      assert.equal(r.status, 200, path);
      assert.equal(r.headers.get("content-type"), "text/html; charset=utf-8");
      assert.equal(r.headers.get("cache-control"), "no-cache");
      const csp = r.headers.get("content-security-policy") ?? "";
      for (
        const d of [
          "default-src 'none'",
          "script-src 'self'",
          "style-src 'self'",
          "connect-src 'self'",
          "worker-src 'self'",
          "manifest-src 'self'",
          "frame-ancestors 'none'",
        ]
      ) assert.ok(csp.includes(d), `${path}: ${d} in ${csp}`);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
      const html = await r.text();
      assert.match(html, /<script type="module" src="\/app\/app.js"><\/script>/);
      assert.match(html, /<link rel="manifest" href="\/manifest.webmanifest">/);
    }
    // Other paths are not the app's.
    assert.equal((await t.request("/nothing-here")).status, 404);
    assert.equal((await t.request("/api/v1/portal/employee/summary")).status, 401);
  } finally {
    t.close();
  }
});

Deno.test("app: files carry a strong ETag, answer 304 to it, and come gzipped when the browser asks", async () => {
  const t = await makeTestApp();
  try {
    for (
      const [path, type] of [
        ["/app/app.js", "text/javascript; charset=utf-8"],
        ["/app/api.js", "text/javascript; charset=utf-8"],
        ["/app/i18n.js", "text/javascript; charset=utf-8"],
        ["/app/format.js", "text/javascript; charset=utf-8"],
        ["/app/app.css", "text/css; charset=utf-8"],
        ["/manifest.webmanifest", "application/manifest+json"],
        ["/sw.js", "text/javascript; charset=utf-8"],
      ]
    ) {
      const plain = await t.request(path);
      assert.equal(plain.status, 200, path);
      assert.equal(plain.headers.get("content-type"), type);
      assert.equal(plain.headers.get("content-encoding"), null);
      const etag = plain.headers.get("etag")!;
      assert.match(etag, /^"[\w-]{22}"$/);
      const text = await plain.text();

      const zipped = await t.request(path, { headers: { "Accept-Encoding": "gzip, br" } });
      assert.equal(zipped.headers.get("content-encoding"), "gzip");
      assert.equal(zipped.headers.get("vary"), "Accept-Encoding");
      const bytes = new Uint8Array(await zipped.arrayBuffer());
      const unzipped = await new Response(
        new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")),
      ).text();
      assert.equal(unzipped, text, path);

      const again = await t.request(path, { headers: { "If-None-Match": etag } });
      assert.equal(again.status, 304, path);
      assert.equal(await again.text(), "");
    }
  } finally {
    t.close();
  }
});

Deno.test("app: the service worker is served at the root, allowed to fetch only this origin", async () => {
  const t = await makeTestApp();
  try {
    const r = await t.request("/sw.js");
    assert.equal(r.headers.get("content-security-policy"), "default-src 'none'; connect-src 'self'");
    const text = await r.text();
    // It keeps the shell and never the portal API's answers.
    assert.match(text, /"\/app\/app.js"/);
    assert.doesNotMatch(text, /\/api\/v1/);
    // Offline, each of the app's eleven screens opens from the kept page: the worker's list is the service's.
    assert.match(
      text,
      /const SCREENS = new Set\(\["\/","\/leave","\/time","\/sick","\/payslips","\/salary","\/team","\/todos","\/profile","\/assistants","\/account"\]\);/,
    );
  } finally {
    t.close();
  }
});

Deno.test("app: the manifest names the app, its start and scope, and PNG icons of 192 and 512 pixels", async () => {
  const t = await makeTestApp();
  try {
    const m = await (await t.request("/manifest.webmanifest")).json();
    assert.equal(m.start_url, "/");
    assert.equal(m.scope, "/");
    assert.equal(m.display, "standalone");
    assert.ok(m.name && m.short_name);
    for (const size of [192, 512]) {
      const icon = m.icons.find((i: { sizes: string; type: string }) => i.sizes === `${size}x${size}`);
      assert.equal(icon.type, "image/png");
      const r = await t.request(icon.src);
      assert.equal(r.status, 200);
      assert.equal(r.headers.get("content-type"), "image/png");
      const png = new Uint8Array(await r.arrayBuffer());
      assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
      const view = new DataView(png.buffer);
      assert.equal(view.getUint32(16), size, "width");
      assert.equal(view.getUint32(20), size, "height");
    }
    assert.ok(m.icons.some((i: { purpose?: string }) => i.purpose === "maskable"));
  } finally {
    t.close();
  }
});

Deno.test("app: a phone's first visit downloads less than 100 KB of gzipped JavaScript", async () => {
  const sizes = await appTransferSizes();
  console.log(`employee app, gzip: JavaScript ${sizes.js} B, CSS ${sizes.css} B, page ${sizes.html} B`);
  assert.ok(sizes.js < 100 * 1024, `${sizes.js} bytes`);
  assert.ok(sizes.js > 1000, "the scripts were counted");
});
