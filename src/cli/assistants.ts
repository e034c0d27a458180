import type { Command } from "./mod.ts";

/** Assistant commands (OAuth clients, connections, registration switch, signing keys); see below. */
export const assistantCommands: Command[] = [];
