/** Standard input and output: what the executable's commands use; tests pass their own. */
import type { Io } from "./cli/command.ts";

export const stdio: Io = {
  out: (t: string) => void Deno.stdout.writeSync(new TextEncoder().encode(t)),
  err: (t: string) => void Deno.stderr.writeSync(new TextEncoder().encode(t)),
  readStdin: async () => await new Response(Deno.stdin.readable).text(),
};
