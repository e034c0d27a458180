/**
 * CSV per RFC 4180: comma-separated, fields with comma, quote or line break quoted, quotes doubled, CRLF or
 * LF line ends. Returns rows with the 1-based line number each starts on, for error reports.
 */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
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
    } else if (ch === ",") {
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
