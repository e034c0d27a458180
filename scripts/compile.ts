/**
 * `deno task compile`: builds `dist/hr-service` and prints the size of what it embeds.
 *
 * Only what the service reaches is embedded: the npm packages of its module graph (`--exclude-unused-npm`,
 * which needs Deno's own npm cache instead of `node_modules`, so test and build tools such as playwright,
 * drizzle-kit and the conformance tool stay out), and within them no type declarations, source maps or
 * documents, no native addon of the other C library, and none of the directories listed in `UNUSED` below.
 * Each entry of `UNUSED` was checked by tracing the files the running service opens
 * (`strace -f -e trace=openat deno run -A main.ts serve`, then the portal, the connector, the sign-in pages and
 * the commands): none of them is opened. These packages are ES modules whose imports are static, so what
 * the service opens at start is all it can ever open. See docs/performance.md ("The executable").
 *
 * `deno compile` downloads a Deno runtime for the executable, which these build machines cannot; with
 * `DENORT_BIN=$(which deno)` it builds with the local deno binary instead, and the size of the embedded
 * files can still be read (that file does not run the service).
 */
import { join } from "node:path";

const OUTPUT = "dist/hr-service";
/**
 * The service's permissions. `--allow-run` lets `serve` create a new installation's demo organisation in a
 * process of its own, the executable run as `hr-service demo` (src/demo/at_start.ts); it gives nothing that
 * `--allow-ffi`, which libSQL's native library needs, does not already give.
 */
const PERMISSIONS = [
  "--allow-net",
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-ffi",
  "--allow-sys",
  "--allow-run",
];
/**
 * The migrations are read from disk by src/db/migrate.ts, and the employee app's files (src/app) by
 * src/web/app_routes.ts, so `deno compile` embeds them only when told to.
 */
export const INCLUDES = ["migrations", "src/app"];
/**
 * Files of src/app the service never reads: the API types the app's modules are checked against
 * (`deno check`), which only the type checker reads.
 */
export const APP_TYPES_ONLY = ["src/app/api_types.d.ts", "src/app/api_paths.d.ts"];

/**
 * Files of `INCLUDES` the service never reads: drizzle-kit's snapshots of the schema after each migration
 * (`migrations/meta/NNNN_snapshot.json`, 5 MB, read only by `deno task db:generate` to write the next one).
 * The service reads the journal and the SQL files it names (src/db/migrate.ts).
 */
export async function unusedIncluded(): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir("migrations/meta")) {
    if (e.isFile && /_snapshot\.json$/.test(e.name)) out.push(join("migrations/meta", e.name));
  }
  return out.sort();
}

/** Per package: top-level entries the service never opens (see the header). */
const UNUSED: Record<string, (entry: string) => boolean> = {
  // The service uses the libSQL and SQLite parts; the other databases' dialects and drivers are unused,
  // and the CommonJS copies too (drizzle's "exports" give ES modules to an import).
  "drizzle-orm": (e) =>
    !["cache", "libsql", "pg-core", "query-builders", "sql", "sqlite-core", "package.json"].includes(e) &&
    !/\.js$/.test(e),
  // The TypeScript sources beside the built `v3`/`v4`.
  zod: (e) => e === "src",
};

/**
 * Per package (by name, or a scope): files inside its build folder that are never loaded. zxcvbn-ts's packages have
 * no `exports` map, so `main`, the CommonJS build (`.cjs`, or `.js` in the older language packages) is what an
 * import loads; the ES module copies (`.mjs`, `.esm.js`) and the browser bundles (`zxcvbn-ts.js`,
 * `zxcvbn-ts.min.js`) beside it are not, nor are the TypeScript sources in `src`.
 */
const UNUSED_FILES: [string, (relative: string) => boolean][] = [
  ["@zxcvbn-ts/", (f) => f.startsWith("src/") || /^dist\/(.*\.(mjs|esm\.js)|zxcvbn-ts(\.min)?\.js)$/.test(f)],
  // Packages whose `exports` give an ES module to `import` and a CommonJS copy to `require`: the service and
  // every package that loads them import them, so the CommonJS copies (1.3 MB each for zod, the MCP SDK and
  // Hono) are never loaded.
  ["zod", (f) => f.endsWith(".cjs")],
  ["@modelcontextprotocol/sdk", (f) => f.startsWith("dist/cjs/")],
  ["hono", (f) => f.startsWith("dist/cjs/")],
  ["nodemailer", (f) => f.startsWith("dist/cjs/")],
  // ical.js gives `import` its one ES module bundle (`dist/ical.js`): its sources, the minified copy and the
  // ES5 CommonJS builds are not loaded.
  ["ical.js", (f) => f.startsWith("lib/") || /^dist\/ical\.(min\.js|es5\..*cjs)$/.test(f)],
  // fflate gives an import under Node's condition (which Deno's resolution takes) `esm/index.mjs`: the
  // browser module, the CommonJS builds and the UMD bundle are not loaded.
  ["fflate", (f) => f.startsWith("lib/") || f.startsWith("umd/") || f === "esm/browser.js"],
  // yaml's `exports` give Node (and Deno) `dist/`; `browser/` is the copy for bundlers.
  ["yaml", (f) => f.startsWith("browser/")],
];

/** The `UNUSED_FILES` rule of a package: by its exact name, or by a prefix that ends in `/` (a scope). */
function unusedFilesOf(name: string): ((relative: string) => boolean) | undefined {
  return UNUSED_FILES.find(([key]) => key.endsWith("/") ? name.startsWith(key) : name === key)?.[1];
}

/**
 * Packages the service reads one file of as text, never running them: Redoc's standalone bundle (the API
 * reference page). Their dependencies are not reached through them, and of the package only that file stays.
 */
const TEXT_ONLY: Record<string, string[]> = { redoc: ["bundles/redoc.standalone.js", "package.json"] };

/** Never loaded at run time in any package. */
const NEVER_LOADED = /(\.d\.[cm]?ts|\.map|\.md|\.markdown)$/i;

interface Info {
  modules: { kind: string; npmPackage?: string }[];
  npmPackages: Record<string, { name: string; dependencies: string[]; localPath?: string }>;
}

async function run(cmd: string[]): Promise<{ code: number; out: string; err: string }> {
  const r = await new Deno.Command(Deno.execPath(), {
    args: cmd,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: r.code, out: new TextDecoder().decode(r.stdout), err: new TextDecoder().decode(r.stderr) };
}

type Package = Info["npmPackages"][string];

/** Every npm package of the lockfile, and those the service's module graph reaches (with dependencies). */
export async function packageGraph(): Promise<{ all: Package[]; reachable: Package[] }> {
  // On a fresh machine (a Docker build) the packages are fetched first, so their files can be sorted.
  const cached = await run(["cache", "--node-modules-dir=none", "main.ts"]);
  if (cached.code !== 0) throw new Error(`deno cache failed:\n${cached.err}`);
  const r = await run(["info", "--node-modules-dir=none", "--json", "main.ts"]);
  if (r.code !== 0) throw new Error(`deno info failed:\n${r.err}`);
  const info = JSON.parse(r.out) as Info;
  const seen = new Set<string>();
  const todo = info.modules.flatMap((m) => (m.npmPackage ? [m.npmPackage] : []));
  while (todo.length) {
    const id = todo.pop()!;
    if (seen.has(id) || !info.npmPackages[id]) continue;
    seen.add(id);
    if (!TEXT_ONLY[info.npmPackages[id].name]) todo.push(...info.npmPackages[id].dependencies);
  }
  return { all: Object.values(info.npmPackages), reachable: [...seen].map((id) => info.npmPackages[id]) };
}

async function* files(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory) yield* files(p);
    else if (e.isFile) yield p;
  }
}

/** The `--exclude` paths for the reachable packages. */
export async function excludes(graph?: { all: Package[]; reachable: Package[] }): Promise<string[]> {
  const out: string[] = [];
  const musl = await Deno.stat("/etc/alpine-release").then(() => true, () => false);
  const { all, reachable } = graph ?? await packageGraph();
  // What the graph does not reach stays out, also what deno's own analysis would keep (a text-only package's
  // dependencies).
  const kept = new Set(reachable.map((p) => p.localPath));
  for (const pkg of all) {
    if (
      pkg.localPath && !kept.has(pkg.localPath) &&
      await Deno.stat(pkg.localPath).then(() => true, () => false)
    ) {
      out.push(pkg.localPath);
    }
  }
  for (const pkg of reachable) {
    const dir = pkg.localPath;
    // Optional packages for other platforms are listed but not downloaded, and not embedded.
    if (!dir || !await Deno.stat(dir).then(() => true, () => false)) continue;
    // The native addon of the C library this machine does not use (glibc here, musl on Alpine).
    if (/^@libsql\/linux-[^/]+-(gnu|musl)/.test(pkg.name) && pkg.name.endsWith(musl ? "gnu" : "musl")) {
      out.push(dir);
      continue;
    }
    const textOnly = TEXT_ONLY[pkg.name];
    if (textOnly) {
      for await (const f of files(dir)) if (!textOnly.includes(f.slice(dir.length + 1))) out.push(f);
      continue;
    }
    const unused = UNUSED[pkg.name];
    const dropped = new Set<string>();
    if (unused) {
      for await (const e of Deno.readDir(dir)) {
        if (unused(e.name)) {
          out.push(join(dir, e.name));
          dropped.add(e.name);
        }
      }
    }
    const unusedFile = unusedFilesOf(pkg.name);
    if (unusedFile) {
      for await (const f of files(dir)) if (unusedFile(f.slice(dir.length + 1))) out.push(f);
    }
    for await (const e of Deno.readDir(dir)) {
      if (dropped.has(e.name)) continue;
      const p = join(dir, e.name);
      if (e.isFile && NEVER_LOADED.test(e.name)) out.push(p);
      else if (e.isDirectory) { for await (const f of files(p)) if (NEVER_LOADED.test(f)) out.push(f); }
    }
  }
  return out;
}

/**
 * V8's flags for the service, wherever it runs (`deno task start`, the executable, the bench): without
 * allocation-site pretenuring, see docs/performance.md, "V8's pretenuring". `deno.json`'s tasks write it too.
 */
export const SERVICE_V8_FLAGS = "--v8-flags=--no-allocation-site-pretenuring";

/** The arguments of `deno compile` for the executable, given the package files it leaves out. */
export function compileArgs(excluded: readonly string[]): string[] {
  return [
    "compile",
    "--node-modules-dir=none",
    "--exclude-unused-npm",
    // Baked into the executable.
    SERVICE_V8_FLAGS,
    ...PERMISSIONS,
    ...INCLUDES.flatMap((i) => ["--include", i]),
    ...[...APP_TYPES_ONLY, ...excluded].flatMap((e) => ["--exclude", e]),
    "--output",
    OUTPUT,
    "main.ts",
  ];
}

/** Builds the executable and prints its sizes; returns the exit code. */
async function compile(): Promise<number> {
  const excluded = [...await excludes(), ...await unusedIncluded()];
  const r = await run(compileArgs(excluded));
  // deno compile lists what it embeds; the total is the line "Files: <size>".
  const plain = r.out + r.err;
  if (r.code !== 0) {
    console.error(plain);
    return r.code;
  }
  const total = /Files:\s*([\d.]+\s*[KMG]?B)/.exec(plain)?.[1] ?? "unknown";
  const size = (await Deno.stat(OUTPUT)).size;
  console.log(`Built ${OUTPUT} (${(size / 2 ** 20).toFixed(1)} MiB in all).`);
  console.log(`Embedded files: ${total} (${excluded.length} unused package files left out).`);
  return 0;
}

if (import.meta.main) Deno.exit(await compile());
