/** What every command does with its arguments and with a service's refusal, written once. */
import type { Io } from "./command.ts";
import { CommandError, UsageError } from "./errors.ts";
import { AppError } from "../errors.ts";

/** A service refusal becomes the command's refusal (exit 1) with the service's sentence. */
export async function refusing<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof AppError) throw new CommandError(e.message);
    throw e;
  }
}

/** A required text option (wrong usage, exit 2, when it is missing). */
export function text(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  if (typeof v !== "string" || v === "") throw new UsageError(`--${name} is required.`);
  return v;
}

/** An optional number option; Swiss thousands separators (`120'000`) are accepted. */
export function number(values: Record<string, unknown>, name: string): number | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  const n = Number(String(v).replace(/['’]/g, ""));
  if (typeof v !== "string" || v.trim() === "" || !Number.isFinite(n)) {
    throw new UsageError(`--${name} must be a number, got "${v}".`);
  }
  return n;
}

/** Reports an all-or-nothing import that was refused: every problem on its own line; exit 1. */
export function nothingImported(io: Io, errors: readonly string[]): number {
  io.err(`Nothing was imported. ${errors.length} problem(s):\n${errors.map((e) => `  ${e}`).join("\n")}\n`);
  return 1;
}
