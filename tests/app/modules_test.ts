/**
 * The employee app is a set of ES modules the browser loads itself (no bundle): every module the page's entry
 * imports, directly or through another, must be served, kept by the service worker for offline use, and
 * embedded in the executable; and the app's texts, split by area, must not define a key twice.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { APP_MODULES } from "../../src/web/app_routes.ts";
import { compileArgs, INCLUDES } from "../../scripts/compile.ts";
import { TEXT_PARTS } from "../../src/app/i18n.js";

const APP_DIR = new URL("../../src/app/", import.meta.url);

/** The specifiers a module imports (static and dynamic); a type named in a JSDoc comment is not loaded. */
function importsOf(text: string): string[] {
  const source = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const out: string[] = [];
  for (const m of source.matchAll(/\bimport\s*(?:[\w*{}\s,]+from\s*)?["']([^"']+)["']/g)) out.push(m[1]);
  for (const m of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) out.push(m[1]);
  return out;
}

Deno.test("app: every module the page loads is served, and the service worker keeps each of them", async () => {
  const t = await makeTestApp();
  try {
    const page = await (await t.request("/")).text();
    const entry = /<script type="module" src="([^"]+)"><\/script>/.exec(page)?.[1];
    assert.equal(entry, "/app/app.js");
    const worker = await (await t.request("/sw.js")).text();
    const shell = /const SHELL = \[([\s\S]*?)\];/.exec(worker)?.[1] ?? "";
    const kept = new Set([...shell.matchAll(/"([^"]+)"/g)].map((m) => m[1]));

    const seen = new Set<string>();
    const queue = [entry];
    while (queue.length) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const r = await t.request(path);
      assert.equal(r.status, 200, `${path} is served`);
      assert.equal(r.headers.get("content-type"), "text/javascript; charset=utf-8", path);
      assert.ok(kept.has(path), `the service worker keeps ${path}`);
      for (const spec of importsOf(await r.text())) {
        assert.ok(spec.startsWith("./") || spec.startsWith("../"), `${path} imports ${spec} from the app`);
        queue.push(new URL(spec, `http://app${path}`).pathname);
      }
    }
    // The whole app, with its screens and the texts of every area, and nothing served that it does not load.
    assert.ok(seen.size >= 25, `${seen.size} modules`);
    for (
      const p of [
        "/app/screens/leave.js",
        "/app/screens/timer.js",
        "/app/core/router.js",
        "/app/i18n/time.js",
      ]
    ) {
      assert.ok(seen.has(p), p);
    }
    assert.deepEqual([...seen].sort(), APP_MODULES.map((m) => `/app/${m}`).sort());
    // The page names every module the entry imports, so the browser fetches them at once, not level by level.
    const preloaded = [...page.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    assert.deepEqual([...preloaded, entry].sort(), [...seen].sort());
    // The page's style, icons and manifest are kept as well.
    for (const p of ["/", "/app/app.css", "/manifest.webmanifest", "/app/icon-192.png"]) {
      assert.ok(kept.has(p), p);
    }
  } finally {
    t.close();
  }
});

/** Every file below src/app, as a path relative to it. */
async function appFiles(dir = APP_DIR, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    if (e.isDirectory) out.push(...await appFiles(new URL(`${e.name}/`, dir), `${prefix}${e.name}/`));
    else out.push(`${prefix}${e.name}`);
  }
  return out;
}

Deno.test("app: every script in src/app is a served module (or the service worker), and the executable embeds them", async () => {
  const scripts = (await appFiles()).filter((f) => f.endsWith(".js") && f !== "sw.js").sort();
  assert.deepEqual(scripts, [...APP_MODULES].sort());
  // `deno compile` embeds src/app whole (the service reads the files from disk), but for the type files.
  const args = compileArgs([]);
  assert.ok(INCLUDES.includes("src/app"));
  const excluded = args.flatMap((a, i) => args[i - 1] === "--exclude" ? [a] : []);
  for (const m of APP_MODULES) {
    assert.ok(!excluded.some((e) => `src/app/${m}`.startsWith(e)), `src/app/${m} is embedded`);
  }
  for (const f of ["index.html", "app.css", "sw.js", "manifest.webmanifest"]) {
    assert.ok(!excluded.some((e) => `src/app/${f}`.startsWith(e)), f);
  }
  assert.ok(excluded.includes("src/app/api_types.d.ts"), "the generated types stay out");
});

Deno.test("app: the texts' areas define each key once, each in the four languages", () => {
  const owner = new Map<string, string>();
  for (const [area, texts] of Object.entries(TEXT_PARTS)) {
    for (const [key, langs] of Object.entries(texts)) {
      assert.ok(!owner.has(key), `${key} is in ${owner.get(key)} and ${area}`);
      owner.set(key, area);
      assert.deepEqual(Object.keys(langs), ["de", "fr", "it", "en"], key);
    }
  }
  assert.ok(owner.size > 200);
});
