/**
 * No dead exports: every symbol a module of `src/` exports is used, by another module (of `src/`, the tests,
 * `scripts/` or `main.ts`) or by its own module. An export nothing names is code nobody runs or reads, and
 * it misleads the next reader into keeping it in step. `ENTRY_POINTS` lists the few that are meant to be
 * found by a tool rather than by an import, each with why.
 *
 * "Names" is a whole-word match outside comments: cheap, and it can only err towards "used" (a name
 * mentioned in another file's string), never call a used export dead.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** `file#name` → why nothing imports it. */
const ENTRY_POINTS: Record<string, string> = {
  "src/app/api_types.d.ts#webhooks":
    "generated from the OpenAPI document by openapi-typescript, which writes it always",
  "src/app/api_types.d.ts#$defs":
    "generated from the OpenAPI document by openapi-typescript, which writes it always",
  "src/db/schema/connector.ts#rateCounters":
    "a table of the schema: drizzle-kit reads every exported table of src/db/schema to write the migrations",
};

async function* sources(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(`${ROOT}${dir}`)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) yield* sources(path);
    else if (/\.(ts|tsx|js)$/.test(e.name)) yield path;
  }
}

/** The text without its comments (block comments, and line comments on a line of their own). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

const DECLARATION =
  /^export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;
const LIST = /^export\s+(?:type\s+)?\{([^}]*)\}(?!\s*from)/gm;

/** The names a module exports itself (re-exports `export … from` are the other module's). */
function exportedNames(text: string): string[] {
  const names = [...text.matchAll(DECLARATION)].map((m) => m[1]);
  for (const m of text.matchAll(LIST)) {
    for (const part of m[1].split(",")) {
      const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/).pop();
      if (name) names.push(name);
    }
  }
  return [...new Set(names)];
}

Deno.test("dead exports: every export of src/ is named by some module, or is a listed entry point", async () => {
  const texts = new Map<string, string>();
  for (const dir of ["src", "tests", "scripts"]) {
    for await (const path of sources(dir)) {
      const text = await Deno.readTextFile(`${ROOT}${path}`);
      // In the app's scripts the JSDoc comments are the types `deno check` reads: they name what they use.
      texts.set(path, path.endsWith(".js") ? text : withoutComments(text));
    }
  }
  texts.set("main.ts", withoutComments(await Deno.readTextFile(`${ROOT}main.ts`)));
  assert.ok([...texts.keys()].filter((p) => p.startsWith("src/")).length > 100, "read the modules of src/");

  // How many modules name each word, and how often each module names it.
  const counts = new Map<string, Map<string, number>>();
  const modulesNaming = new Map<string, number>();
  for (const [path, text] of texts) {
    const count = new Map<string, number>();
    for (const w of text.match(/[A-Za-z_$][\w$]*/g) ?? []) count.set(w, (count.get(w) ?? 0) + 1);
    counts.set(path, count);
    for (const w of count.keys()) modulesNaming.set(w, (modulesNaming.get(w) ?? 0) + 1);
  }
  const dead: string[] = [];
  for (const [path, text] of texts) {
    if (!path.startsWith("src/")) continue;
    const here = counts.get(path)!;
    for (const name of exportedNames(text)) {
      // Its declaration is one mention; a use in its own module is another.
      const usedHere = (here.get(name) ?? 0) > 1;
      const usedElsewhere = (modulesNaming.get(name) ?? 0) > 1;
      if (!usedHere && !usedElsewhere && !ENTRY_POINTS[`${path}#${name}`]) dead.push(`${path}: ${name}`);
    }
  }
  assert.deepEqual(dead, [], `exports nothing uses (remove them, or list them in ENTRY_POINTS saying why)`);
  for (const entry of Object.keys(ENTRY_POINTS)) {
    const [path, name] = entry.split("#");
    assert.ok(
      texts.get(path) && exportedNames(texts.get(path)!).includes(name),
      `${entry} is still exported`,
    );
  }
});
