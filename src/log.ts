/**
 * Structured JSON logs, one object a line: the service writes them on stdout (errors on stderr), the commands
 * on stderr (their stdout is their data). Callers pass ids and counts only:
 * never names, e-mail addresses, free text or tokens, so the log holds no personal data.
 */
export type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** A logger writing JSON lines at or above `level`; `sink` is replaceable for tests. */
export function createLogger(
  level: Level = "info",
  sink: (line: string, level: Level) => void = (
    line,
    l,
  ) => (l === "error" ? console.error(line) : console.log(line)),
): Logger {
  const min = ORDER[level];
  const write = (l: Level) => (msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[l] < min) return;
    sink(JSON.stringify({ ts: new Date().toISOString(), level: l, msg, ...fields }), l);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}

/** A logger that keeps lines in memory (tests read them; nothing is printed). */
export function memoryLogger(): Logger & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const l = createLogger("debug", (line) => lines.push(JSON.parse(line)));
  return Object.assign(l, { lines });
}
