/**
 * What the tests that pin pages to a golden file share: the page as a browser reads it (attributes in name
 * order, the anti-CSRF token and the style sheet left out), and the golden file's cases read and written.
 */

/** A tag's attributes in name order, one space apart: the same element however its source spaced them. */
function canonicalTag(_: string, name: string, attrs: string): string {
  const list = [...attrs.matchAll(/([^\s=>"']+)(?:="([^"]*)")?/g)].map((m) =>
    m[2] === undefined ? m[1] : `${m[1]}="${m[2]}"`
  ).sort();
  return `<${name}${list.map((a) => ` ${a}`).join("")}>`;
}

/**
 * The page as compared: the layout's style sheet and the anti-CSRF token (a new one each sign-in) left out,
 * each tag's attributes in name order. A line starts at each tag, so a difference reads as a diff.
 */
export function canonical(html: string): string {
  return html
    .replace(/<style>[^<]*<\/style>/g, "<style></style>")
    .replace(/value="(?:hrx_[\w-]{43}|[0-9a-f]{64})"/g, 'value="(token)"')
    .replace(/<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>"']+(?:="[^"]*")?)*)\s*>/g, canonicalTag)
    .replaceAll("<", "\n<")
    .trim();
}

const SEPARATOR = /^#{3} (.+)$/m;

/** The golden file's cases by name. */
export function parseGolden(text: string): Map<string, string> {
  const parts = text.split(SEPARATOR);
  const out = new Map<string, string>();
  for (let i = 1; i < parts.length; i += 2) out.set(parts[i], parts[i + 1].trim());
  return out;
}

/** The golden file's text of `cases`. */
export function writeGolden(cases: Map<string, string>): string {
  return [...cases].map(([k, v]) => `### ${k}\n${v}\n`).join("\n");
}
