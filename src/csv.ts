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

/**
 * Cells a spreadsheet would read as a formula (OWASP "CSV Injection"): Excel, LibreOffice and Google Sheets
 * evaluate a cell that starts with `=`, `+`, `-` or `@`, and a leading tab or carriage return is dropped in
 * front of one. Names, assistants' names and other free text end up in these files, so such a cell is written
 * as text: a single quote in front and the cell quoted. A cell that starts with quotes and then one of those
 * characters gets one quote more, so that `unneutralizeCell` gives back exactly what was written.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * A plain number (`-3.5`, `42`) is left as it is: a spreadsheet reads it as that number and computes nothing
 * from it, and a negative amount stays a number a sum can add.
 */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A cell as `toCsv` writes it: formulas neutralised, quoted where RFC 4180 (or a formula) needs it. */
export function csvCell(v: string | number | null | undefined): string {
  const s = v === null || v === undefined ? "" : String(v);
  if (FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) return `"'${s.replaceAll('"', '""')}"`;
  // A semicolon is quoted too: Excel set to a Swiss or German locale splits an opened CSV at semicolons, and
  // a cell after one may start with a formula.
  return /[",;\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/**
 * The value of a cell `csvCell` neutralised: exactly one leading quote is dropped where the rest starts (after
 * any further quotes) with a formula character, so an exported file imports byte for byte as it was. Any
 * other cell, a name such as `'t Hooft` included, is returned as it is.
 */
export function unneutralizeCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/**
 * Writes rows as CSV (quoting only where needed, formulas neutralised: `csvCell`), CRLF line ends as RFC 4180
 * says. Every CSV the service writes goes through here.
 */
export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return rows.map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/**
 * Writes rows as the CSV Excel on a Swiss or German Windows opens as columns: semicolons (the list separator
 * there), a UTF-8 byte-order mark (without it Excel reads the bytes as Windows-1252: "ZÃ¼rich") and CRLF line
 * ends; cells as `csvCell` writes them (a cell holding a semicolon is quoted, so the separator never splits
 * one).
 */
export function toExcelCsv(rows: (string | number | null | undefined)[][]): string {
  return "\uFEFF" + rows.map((r) => r.map(csvCell).join(";")).join("\r\n") + "\r\n";
}
