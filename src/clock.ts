/**
 * Time is an input, not a global. Everything that depends on "now" (expiries, leave years, the 24-hour
 * window of a sick report, preview lifetimes) takes a Clock so tests can pin the instant instead of sleeping.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The wall clock used in production. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to; tests use it to cross expiry boundaries exactly. */
export class FixedClock implements Clock {
  #ms: number;
  constructor(start: number | string | Date) {
    this.#ms = typeof start === "number" ? start : new Date(start).getTime();
  }
  now(): number {
    return this.#ms;
  }
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.#ms += ms;
  }
  /** Sets the clock to an absolute instant. */
  set(at: number | string | Date): void {
    this.#ms = typeof at === "number" ? at : new Date(at).getTime();
  }
}

/** Today's calendar date (UTC) as `YYYY-MM-DD`. Swiss calendar days are close enough to UTC days here. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date of an instant in a time zone (`YYYY-MM-DD`): "today" for people is their local day, not
 * the UTC one (between midnight and 1–2 am in Switzerland the UTC date is still yesterday).
 */
export function localDay(ms: number, timeZone: string): string {
  // Every UTC offset in use is a whole number of quarter hours, so a local day starts and ends on a quarter
  // hour: within one quarter hour the answer is the same, and the formatting (a few µs) runs once per quarter.
  const quarter = Math.floor(ms / 900_000);
  const last = lastDay.get(timeZone);
  if (last?.quarter === quarter) return last.day;
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formats.set(timeZone, f);
  }
  const day = f.format(ms);
  lastDay.set(timeZone, { quarter, day });
  return day;
}

const lastDay = new Map<string, { quarter: number; day: string }>();
