/**
 * The service as its own process, as the tests that start `serve` need it: the environment of a local run on
 * a free port, the start with its output piped, the wait for the port it says it listens on, and the portal's
 * sign-in over the network.
 */

/** The environment of `serve` on a free port of 127.0.0.1 with its database in `dir`, plus `more`. */
export function serveEnv(dir: string, more: Record<string, string>): Record<string, string> {
  return { PORT: "0", HOST: "127.0.0.1", DATABASE_URL: `file:${dir}/hr.db`, NO_COLOR: "1", ...more };
}

/** Starts a Deno program (`args` after the Deno executable) with its standard output and error piped. */
export function spawnPiped(args: string[], env: Record<string, string>, cwd?: string): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args,
    env,
    ...(cwd ? { cwd } : {}),
    stdout: "piped",
    stderr: "piped",
  }).spawn();
}

/**
 * Reads the service's output until it says the port it listens on, the output ends, or `giveUpMs` pass (a
 * bound on a start that hangs, not a check of its speed): the port (0 if it said none) and what it wrote.
 */
export async function waitForPort(
  reader: ReadableStreamDefaultReader<string>,
  giveUpMs: number,
): Promise<{ port: number; out: string }> {
  let out = "";
  let port = 0;
  const started = Date.now();
  while (!port && Date.now() - started < giveUpMs) {
    const { value, done } = await reader.read();
    if (done) break;
    out += value;
    port = Number(/listening on http:\/\/localhost:(\d+)/.exec(out)?.[1] ?? 0);
  }
  return { port, out };
}

/** The portal's sign-in (`POST /api/v1/portal/auth/sessions`) over the network with a JSON body. */
export function signInOver(base: string, body: Record<string, string>): Promise<Response> {
  return fetch(`${base}/api/v1/portal/auth/sessions`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}
