/** The configuration file's text: YAML read with every node's line, and written back. */
import { isMap, isSeq, LineCounter, parseDocument, stringify } from "yaml";
import type { Document, Node } from "yaml";
import type { Path, PlacedProblem } from "./section.ts";

/** The file's contents, with where each path is; or why it is not readable as YAML. */
export function readYaml(
  text: string,
): { ok: true; root: unknown; lineOf: (path: Path) => number } | { ok: false; problems: PlacedProblem[] } {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length) {
    return {
      ok: false,
      problems: doc.errors.map((e) => ({
        line: counter.linePos(e.pos[0]).line,
        path: "",
        message: `not readable as YAML: ${e.message.split("\n")[0]}`,
      })),
    };
  }
  return { ok: true, root: doc.toJS(), lineOf: (path) => lineOf(doc, counter, path) };
}

/** The configuration as YAML, lines never folded. */
export function toYaml(value: unknown): string {
  return stringify(value, { lineWidth: 0 });
}

/** The line of the deepest node of `path` that exists in the document (a key's own line for map keys). */
function lineOf(doc: Document, counter: LineCounter, path: Path): number {
  let node: unknown = doc.contents;
  let offset = (doc.contents as Node | null)?.range?.[0];
  for (const seg of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === seg);
      if (!pair) break;
      offset = (pair.key as Node).range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node) && typeof seg === "number" && node.items[seg]) {
      node = node.items[seg];
      offset = (node as Node).range?.[0] ?? offset;
    } else break;
  }
  return offset === undefined ? 0 : counter.linePos(offset).line;
}
