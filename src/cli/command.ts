/** What an admin command is, and where it writes: the shape every command module shares. */
import type { AppDeps } from "../deps.ts";
import type { Io } from "../stdio.ts";

/** Where a command writes (`stdio.ts`, below the commands and the demo that both use it). */
export type { Io };

/** One admin command: its help text and what it does. Exit codes: 0 done, 1 refused, 2 wrong usage. */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  options?: Record<string, { type: "string" | "boolean"; multiple?: boolean }>;
  /**
   * False for a command that works on files alone (`restore`): it runs without the configured database,
   * which is then neither created nor migrated (it may be the very file the command is about to write).
   */
  needsDatabase?: false;
  run(
    deps: AppDeps,
    args: { values: Record<string, unknown>; positionals: string[] },
    io: Io,
  ): Promise<number>;
}
