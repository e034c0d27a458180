/**
 * The text of a CSV file as offices produce it: UTF-8 (with or without a byte-order mark) or, when the bytes
 * are not valid UTF-8, Windows-1252, what Excel writes on a Swiss Windows ("Jürg Müller" saved as "CSV")
 * (WHATWG Encoding Standard labels; the two can be told apart because Windows-1252 umlauts are never a valid
 * UTF-8 sequence).
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: "utf-8" | "windows-1252" } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
  }
}

/**
 * The separator of a CSV file: a semicolon when the header line has more semicolons than commas outside
 * quotes (what Excel writes where the comma is the decimal mark, as in Switzerland), else a comma.
 */
export function detectDelimiter(text: string): "," | ";" {
  let commas = 0, semis = 0, quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch === ",") commas++;
    else if (!quoted && ch === ";") semis++;
  }
  return semis > commas ? ";" : ",";
}

/**
 * CSV per RFC 4180: fields separated by `delimiter` (a comma unless told), fields with the separator, a quote
 * or a line break quoted, quotes doubled, CRLF or LF line ends. Returns rows with the 1-based line number each
 * starts on, for error reports.
 */
export function parseCsv(text: string, delimiter: "," | ";" = ","): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a BOM from spreadsheet exports
  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === "\n") line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === "") {
      quoted = true;
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      cells.push(cell);
      if (!(cells.length === 1 && cells[0] === "")) rows.push({ line: rowLine, cells });
      cells = [];
      cell = "";
      line++;
      rowLine = line;
    } else {
      cell += ch;
    }
  }
  if (quoted) throw new Error(`line ${rowLine}: a quoted field is not closed`);
  if (cell !== "" || cells.length) {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
  }
  return rows;
}

/** Writes rows as CSV (quoting only where needed), CRLF line ends as RFC 4180 says. */
export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return rows.map((r) =>
    r.map((v) => {
      const s = v === null || v === undefined ? "" : String(v);
      return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
    }).join(",")
  ).join("\r\n") + "\r\n";
}
