/** The configuration file's text: YAML read with every node's line, and written back. */
import { isMap, isSeq, LineCounter, parseDocument, stringify, visit } from "yaml";
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
  let root: unknown;
  try {
    root = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    // The parser reports aliases only while building the values: one without its anchor, or anchors and
    // aliases that expand exponentially ("billion laughs", a few hundred bytes that would fill the memory).
    // Either is a file that cannot be read, refused like a syntax error rather than ending the command.
    const excessive = /excessive alias count/i.test((e as Error).message);
    return {
      ok: false,
      problems: [{
        line: firstAliasLine(doc, counter),
        path: "",
        message: `not readable as YAML: ${
          excessive
            ? `its aliases expand to more than ${MAX_ALIAS_COUNT} copies of their anchors`
            : (e as Error).message.split("\n")[0]
        }`,
      }],
    };
  }
  return { ok: true, root, lineOf: (path) => lineOf(doc, counter, path) };
}

/**
 * How far aliases may expand (the `yaml` package's measure: uses of an anchor times the aliases inside it).
 * The file needs none; a name written once and reused a few times stays well under it.
 */
const MAX_ALIAS_COUNT = 100;

/** The line of the document's first alias, where a reader starts looking; 1 when there is none. */
function firstAliasLine(doc: Document, counter: LineCounter): number {
  let offset: number | undefined;
  visit(doc, {
    Alias(_key, node) {
      offset = node.range?.[0];
      return visit.BREAK;
    },
  });
  return offset === undefined ? 1 : counter.linePos(offset).line;
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
