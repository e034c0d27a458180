/**
 * Shared helpers of the demo organisation: a seeded random source, stable ids, dates relative to the
 * clock, fake-but-well-formed Swiss identifiers and the in-memory row collection the builders fill.
 * Everything here is pure so that the same clock always produces the same organisation.
 */
import { createHash } from "node:crypto";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { addDays, mondayOf } from "../domain/calendar.ts";

/**
 * A small deterministic random source (mulberry32). The demo must be reproducible: a test or a screenshot
 * taken with the same clock sees the same people, requests and hours, which `Math.random` cannot give.
 */
export class Rng {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/**
 * A UUID-shaped id derived from a stable key (SHA-256, version and variant bits set like a v4 UUID).
 * Keyed ids keep the accounts' employees at the same id whatever the clock, so a test writer can name
 * them; rows without a natural key use a per-table counter, which is stable for a given clock.
 */
export function demoId(key: string): string {
  const h = createHash("sha256").update(`hr-demo:${key}`).digest("hex");
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${
    h.slice(20, 32)
  }`;
}

/** Counter-based ids per prefix (`leave:1`, `leave:2`, …) for rows that have no natural key. */
export class IdSource {
  #counters = new Map<string, number>();
  next(prefix: string): string {
    const n = (this.#counters.get(prefix) ?? 0) + 1;
    this.#counters.set(prefix, n);
    return demoId(`${prefix}:${n}`);
  }
}

/** Epoch milliseconds of a calendar date at a UTC hour (and minute): timestamps of past events. */
export function at(date: string, hour = 8, minute = 0): number {
  const [y, m, d] = date.split("-").map(Number);
  return Date.UTC(y, m - 1, d, hour, minute);
}

/** The Monday of ISO week `week` of `year` (week 1 holds 4 January). */
export function isoWeekMonday(year: number, week: number): string {
  return addDays(mondayOf(`${year}-01-04`), (week - 1) * 7);
}

/** `HH:MM` for minutes since midnight. */
export function hhmm(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** ASCII-folds a name for e-mail addresses (Zürcher → zuercher, Léa → lea). */
export function mailPart(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue")
    .normalize("NFD").replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/**
 * A well-formed but obviously fake AHV number: prefix 756 (Switzerland), then `0000` and a running
 * number, with a correct EAN-13 check digit, so validators accept it and nobody mistakes it for a real one.
 */
export function fakeAhv(n: number): string {
  const body = `7560000${String(n).padStart(5, "0")}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  const check = (10 - (sum % 10)) % 10;
  const d = body + check;
  return `${d.slice(0, 3)}.${d.slice(3, 7)}.${d.slice(7, 11)}.${d.slice(11, 13)}`;
}

/**
 * A fake Swiss IBAN with valid ISO 13616 check digits: bank clearing number 00000 (no such bank) and
 * a running account number. Printed in groups of four, as on a payslip.
 */
export function fakeIban(n: number): string {
  const bban = `00000${String(n).padStart(12, "0")}`;
  // Move "CH00" to the end, letters to numbers (C=12, H=17), then 98 − (number mod 97).
  const numeric = `${bban}121700`;
  let rem = 0;
  for (const ch of numeric) rem = (rem * 10 + Number(ch)) % 97;
  const check = String(98 - rem).padStart(2, "0");
  return `CH${check}${bban}`.replace(/(.{4})/g, "$1 ").trim();
}

/** Rounds an amount in francs to the nearest 5 Rappen (Swiss cash rounding), returned in Rappen. */
export function rappen5(francs: number): number {
  return Math.round(francs * 20) * 5;
}

/**
 * The demo's rows, per table, in the order they must be inserted (foreign keys point backwards).
 * Builders push typed rows; the seeder writes each table in a few multi-row statements.
 */
export class Rows {
  readonly #tables: { table: SQLiteTable; rows: Record<string, unknown>[] }[] = [];

  /** Adds rows for a table; the first call for a table fixes its place in the insert order. */
  add<T extends SQLiteTable>(table: T, ...rows: T["$inferInsert"][]): void {
    let entry = this.#tables.find((e) => e.table === table);
    if (!entry) {
      entry = { table, rows: [] };
      this.#tables.push(entry);
    }
    entry.rows.push(...(rows as Record<string, unknown>[]));
  }

  /** Tables and their rows in insert order. */
  entries(): ReadonlyArray<{ table: SQLiteTable; rows: Record<string, unknown>[] }> {
    return this.#tables;
  }

  /** Total number of rows collected. */
  get size(): number {
    return this.#tables.reduce((n, e) => n + e.rows.length, 0);
  }
}
