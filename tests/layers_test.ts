/**
 * The layers of docs/architecture.md ("Layers": its table is the one list of them) hold in the code: the
 * module graph as Deno resolves it (`deno info --json main.ts`, type imports included) has no import from a
 * module into a higher layer or into another folder or file of its own layer, and no circle of files.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SRC = new URL("../src/", import.meta.url).href;

interface InfoModule {
  specifier: string;
  dependencies?: { code?: { specifier: string }; type?: { specifier: string } }[];
}

/** The layer of each folder (`db/`) and top-level file (`errors.ts`) of `src/`, as the document's table says. */
async function layerTable(): Promise<Map<string, number>> {
  const doc = await Deno.readTextFile(new URL("../docs/architecture.md", import.meta.url));
  const section = doc.split("\n## Layers\n")[1]?.split("\n## ")[0] ?? "";
  const layers = new Map<string, number>();
  for (const row of section.matchAll(/^\|\s*(\d+)\s*\|(.*)\|\s*$/gm)) {
    for (const unit of row[2].matchAll(/`([^`]+)`/g)) {
      assert.ok(!layers.has(unit[1]), `docs/architecture.md gives ${unit[1]} two layers`);
      layers.set(unit[1], Number(row[1]));
    }
  }
  assert.ok(layers.size > 10, 'docs/architecture.md has its table of layers under "## Layers"');
  return layers;
}

/** The files of `src/` and what each imports of `src/` (code and types alike), from Deno's own resolution. */
async function moduleGraph(): Promise<Map<string, Set<string>>> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "main.ts"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, `deno info failed: ${new TextDecoder().decode(out.stderr)}`);
  const info = JSON.parse(new TextDecoder().decode(out.stdout)) as { modules: InfoModule[] };
  const graph = new Map<string, Set<string>>();
  for (const m of info.modules) {
    if (!m.specifier.startsWith(SRC)) continue;
    const deps = new Set<string>();
    for (const d of m.dependencies ?? []) {
      for (const target of [d.code?.specifier, d.type?.specifier]) {
        if (target?.startsWith(SRC)) deps.add(target.slice(SRC.length));
      }
    }
    graph.set(m.specifier.slice(SRC.length), deps);
  }
  return graph;
}

/** The table's entry a file belongs to: its folder under `src/` (`db/`), or the file itself (`errors.ts`). */
function unitOf(file: string): string {
  const slash = file.indexOf("/");
  return slash < 0 ? file : file.slice(0, slash + 1);
}

/** The circles of files (strongly connected components of more than one file, or a file importing itself). */
function circles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  // Iterative Tarjan: the graph is a few hundred files deep at most, but recursion depth is not worth betting on.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: [string, string[]][] = [];
    const enter = (v: string) => {
      index.set(v, next);
      low.set(v, next++);
      stack.push(v);
      onStack.add(v);
      work.push([v, [...(graph.get(v) ?? [])]]);
    };
    enter(start);
    while (work.length) {
      const [v, pending] = work[work.length - 1];
      const w = pending.shift();
      if (w !== undefined) {
        if (!index.has(w)) enter(w);
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(v)!));
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let x: string;
        do {
          x = stack.pop()!;
          onStack.delete(x);
          component.push(x);
        } while (x !== v);
        if (component.length > 1 || graph.get(v)?.has(v)) found.push(component.sort());
      }
    }
  }
  return found;
}

/** One import that closes each circle, so the message names the files to look at. */
function circleEdges(graph: Map<string, Set<string>>, circle: string[]): string[] {
  const members = new Set(circle);
  return circle.flatMap((from) =>
    [...(graph.get(from) ?? [])].filter((to) => members.has(to)).map((to) => `src/${from} → src/${to}`)
  );
}

Deno.test("layers: no module of src/ imports a higher layer, a sibling of its layer, or a module that imports it back", async () => {
  const [layers, graph] = await Promise.all([layerTable(), moduleGraph()]);
  assert.ok(graph.size > 100, `deno info gave the whole graph (${graph.size} files of src/)`);

  const unplaced = [...new Set([...graph.keys()].map(unitOf))].filter((u) => !layers.has(u)).sort();
  assert.deepEqual(
    unplaced,
    [],
    "every folder and top-level file of src/ has its row in docs/architecture.md",
  );

  const upward: string[] = [];
  for (const [from, deps] of graph) {
    const fromUnit = unitOf(from);
    for (const to of deps) {
      const toUnit = unitOf(to);
      if (toUnit === fromUnit) continue;
      const [a, b] = [layers.get(fromUnit)!, layers.get(toUnit)!];
      if (b > a) upward.push(`src/${from} (layer ${a}) imports src/${to} (layer ${b}): upwards`);
      else if (b === a) upward.push(`src/${from} imports src/${to}: both in layer ${a}`);
    }
  }
  const found = circles(graph).map((c) =>
    `a circle of ${c.length} files: ${circleEdges(graph, c).join(", ")}`
  );
  // One assertion, so a failure lists every wrong import and every circle at once.
  assert.deepEqual(
    [...upward.sort(), ...found],
    [],
    "imports run down the layers only, and never in a circle",
  );
});
