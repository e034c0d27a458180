/** Standard input and output: what the executable's commands use; tests pass their own. */

/** Where a command writes; tests capture it. `stdin` gives piped input (passwords, CSV). */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  readStdin(): Promise<string>;
}

export const stdio: Io = {
  out: (t: string) => void Deno.stdout.writeSync(new TextEncoder().encode(t)),
  err: (t: string) => void Deno.stderr.writeSync(new TextEncoder().encode(t)),
  readStdin: async () => await new Response(Deno.stdin.readable).text(),
};
