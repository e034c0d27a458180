/**
 * The executable embeds only part of its npm packages (scripts/compile.ts). The executable itself cannot be
 * built here (its runtime download is not reachable), so this test builds what it would hold another way: a
 * fresh npm cache with exactly the packages and files the compile task embeds, and the service run from it
 * with no network and no `node_modules`. It must start, create the demo, serve the portal, the API reference,
 * the sign-in page and the connector, and stop cleanly; and run the commands that load the encryption package,
 * the YAML reader and the common-password list.
 */
import assert from "node:assert/strict";
import { dirname, join, relative } from "node:path";
import { excludes, packageGraph, unusedIncluded } from "../scripts/compile.ts";
import { readMigrations } from "../src/db/migrate.ts";
import { serveEnv, signInOver, spawnPiped, START_GIVE_UP_MS, waitForPort } from "./_serve.ts";

const ROOT = new URL("..", import.meta.url).pathname;

async function copyTree(from: string, to: string, skip: Set<string>) {
  await Deno.mkdir(to, { recursive: true });
  for await (const e of Deno.readDir(from)) {
    const src = join(from, e.name);
    if (skip.has(src)) continue;
    const dst = join(to, e.name);
    if (e.isDirectory) await copyTree(src, dst, skip);
    else if (e.isFile) await Deno.copyFile(src, dst);
  }
}

Deno.test("compile: the service runs from only the package files the executable embeds", async () => {
  const cwd = Deno.cwd();
  Deno.chdir(ROOT);
  let skipped: string[];
  let graph: Awaited<ReturnType<typeof packageGraph>>;
  try {
    graph = await packageGraph();
    skipped = await excludes(graph);
  } finally {
    Deno.chdir(cwd);
  }
  const skip = new Set(skipped);
  const reachable = new Set(graph.reachable);
  // The test and build tools are never part of what the service reaches, so never embedded.
  const tools = ["playwright-core", "drizzle-kit", "smtp-server", "oidc-provider", "axe-core"];
  const embeddedTools = graph.reachable.filter((p) => tools.includes(p.name)).map((p) => p.name);
  assert.deepEqual(embeddedTools, [], "no test or build tool is embedded");
  const dir = await Deno.makeTempDir({ prefix: "hr-embedded-" });
  const denoDir = join(dir, "deno");
  try {
    let copied = 0;
    for (const p of graph.all) {
      if (!p.localPath) continue;
      const cacheRoot = dirname(dirname(p.localPath)); // …/registry.npmjs.org/<name> → its parent
      const base = p.name.startsWith("@") ? dirname(cacheRoot) : cacheRoot;
      const target = join(denoDir, "npm", "registry.npmjs.org", relative(base, p.localPath));
      await Deno.mkdir(dirname(target), { recursive: true });
      await Deno.copyFile(join(dirname(p.localPath), "registry.json"), join(dirname(target), "registry.json"))
        .catch(() => {});
      if (!await Deno.stat(p.localPath).then(() => true, () => false)) continue;
      if (!reachable.has(p)) {
        // A package the service never imports (test and build tools): Deno's cache wants every package of
        // the lockfile present to start, and a link costs nothing. Not embedded, and never loaded.
        await Deno.symlink(p.localPath, target);
        continue;
      }
      if (skip.has(p.localPath)) {
        // A package left out whole (the other C library's addon): Deno's cache wants it present to start;
        // its manifest alone proves nothing of it is loaded.
        await Deno.mkdir(target, { recursive: true });
        await Deno.copyFile(join(p.localPath, "package.json"), join(target, "package.json"));
        continue;
      }
      await copyTree(p.localPath, target, skip);
      copied++;
    }
    assert.ok(copied > 20, `${copied} packages`);
    // Resolution metadata of every package Deno may look up (optional peers included): names and
    // versions, no code.
    const registry = dirname(dirname(graph.all.find((p) => p.name === "hono")!.localPath!));
    for await (const e of Deno.readDir(registry)) {
      const names = e.name.startsWith("@")
        ? [...Deno.readDirSync(join(registry, e.name))].map((x) => join(e.name, x.name))
        : [e.name];
      for (const n of names) {
        const to = join(denoDir, "npm", "registry.npmjs.org", n);
        await Deno.mkdir(to, { recursive: true });
        await Deno.copyFile(join(registry, n, "registry.json"), join(to, "registry.json")).catch(() => {});
      }
    }
    assert.ok(skip.size > 1000, `${skip.size} files and folders left out`);

    const env = serveEnv(dir, { DENO_DIR: denoDir, FEATURE_MCP_CONNECTOR: "true", LOG_LEVEL: "warn" });
    const base = [
      "run",
      "-A",
      "--cached-only",
      "--node-modules-dir=none",
      // The service's own configuration and lockfile, whatever the working directory.
      `--config=${join(ROOT, "deno.json")}`,
      `--lock=${join(ROOT, "deno.lock")}`,
      "--frozen",
      join(ROOT, "main.ts"),
    ];
    const child = spawnPiped([...base, "serve"], env, dir);
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    const { port, out } = await waitForPort(reader, START_GIVE_UP_MS);
    try {
      const err = port ? "" : await new Response(child.stderr).text();
      assert.ok(port > 0, `the service started from the embedded files:\n${out}\n${err}`);
      const url = `http://127.0.0.1:${port}`;
      const signIn = await signInOver(url, {
        email: "employee@demo.example",
        password: "demo-password-2026",
      });
      assert.equal(signIn.status, 201);
      const token = (await signIn.json()).data.token;
      const auth = { Authorization: `Bearer ${token}` };
      for (
        const path of ["employee/summary", "employee/leave/balances", "employee/holidays", "employee/profile"]
      ) {
        const r = await fetch(`${url}/api/v1/portal/${path}`, { headers: auth });
        assert.equal(r.status, 200, path);
        await r.body?.cancel();
      }
      for (
        const [path, status] of [["/api/v1/docs", 200], ["/oauth/signin", 200], ["/api/mcp", 401]] as const
      ) {
        const r = await fetch(
          `${url}${path}`,
          path === "/api/mcp" ? { method: "POST" } : { redirect: "manual" },
        );
        assert.equal(r.status, status, path);
        await r.body?.cancel();
      }
      child.kill("SIGTERM");
      assert.equal((await child.status).code, 0, "clean stop");
    } finally {
      try {
        child.kill("SIGKILL");
      } catch { /* stopped */ }
      await reader.cancel().catch(() => {});
      await child.stderr.cancel().catch(() => {});
    }
    /** A command of the service, run from the embedded files, with `input` on its standard input. */
    const command = async (args: string[], input: string) => {
      const p = new Deno.Command(Deno.execPath(), {
        args: [...base, ...args],
        env,
        cwd: dir,
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const w = p.stdin.getWriter();
      await w.write(new TextEncoder().encode(input));
      await w.close();
      const o = await p.output();
      return {
        code: o.code,
        out: new TextDecoder().decode(o.stdout),
        err: new TextDecoder().decode(o.stderr),
      };
    };
    // A command that loads the encryption package: an encrypted backup.
    const b = await command(
      ["backup", "--to", `${dir}/b.age`, "--passphrase-stdin"],
      "a passphrase long enough\n",
    );
    assert.equal(b.code, 0, b.err);
    assert.ok((await Deno.stat(`${dir}/b.age`)).size > 0);
    // The packages loaded only when first used: the YAML reader and writer, and the common-password list.
    const exported = await command(["org", "export", "--file", "-"], "");
    assert.equal(exported.code, 0, exported.err);
    assert.match(exported.out, /^leaveTypes:/m);
    const common = await command(
      ["user", "add", "--email", "lea.keller@example.ch", "--role", "employee", "--password-stdin"],
      "password123\n",
    );
    assert.notEqual(common.code, 0);
    assert.match(common.out + common.err, /too easy to guess/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("compile: the migrations read without the files the executable leaves out of them", async () => {
  const cwd = Deno.cwd();
  Deno.chdir(ROOT);
  let left: string[];
  try {
    left = await unusedIncluded();
  } finally {
    Deno.chdir(cwd);
  }
  assert.ok(left.length > 30 && left.every((f) => f.startsWith("migrations/meta/")), left.join(", "));
  const dir = await Deno.makeTempDir({ prefix: "hr-migrations-" });
  try {
    await copyTree(
      join(ROOT, "migrations"),
      join(dir, "migrations"),
      new Set(left.map((f) => join(ROOT, f))),
    );
    const embedded = await readMigrations(new URL(`file://${dir}/migrations/`));
    assert.deepEqual(embedded, await readMigrations(), "the same migrations, read from what is embedded");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
