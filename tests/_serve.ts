/**
 * The service as its own process, as the tests that start `serve` need it: the environment of a local run on
 * a free port, the start with its output piped, the wait for the port it says it listens on, and the portal's
 * sign-in over the network; and, for browsers and HTTP clients in the test's own process, an app served on a
 * free loopback port.
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
 * How long a start may take before a test gives up on it: a bound on a start that hangs, not a check of its
 * speed. Measured: over three minutes beside a CPU hog on the busy 2-core machine (a minute or less alone).
 */
export const START_GIVE_UP_MS = 600_000;

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

/** One HTTP/1.1 answer read off a raw connection: status, headers (lower-case names) and body text. */
export interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/**
 * Reads the next HTTP/1.1 answer from `conn` (one with `Content-Length`, or one that ends with the
 * connection): undefined when the connection ends before a whole answer, or when `giveUpMs` pass (a bound on
 * a service that never answers, said by the caller). Bytes already read past a previous answer are in `kept`.
 */
export async function readRawAnswer(
  conn: Deno.Conn,
  giveUpMs: number,
  kept: { bytes: Uint8Array } = { bytes: new Uint8Array() },
): Promise<RawAnswer | undefined> {
  const dec = new TextDecoder();
  let buf = kept.bytes;
  const buffer = new Uint8Array(16 * 1024);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((r) => timer = setTimeout(() => r("late"), giveUpMs));
  const more = async (): Promise<boolean> => {
    const n = await Promise.race([conn.read(buffer).catch(() => null), late]);
    if (n === null || n === "late") return false;
    const next = new Uint8Array(buf.length + n);
    next.set(buf);
    next.set(buffer.subarray(0, n), buf.length);
    buf = next;
    return true;
  };
  try {
    const headEnd = () => {
      for (let i = 0; i + 3 < buf.length; i++) {
        if (buf[i] === 13 && buf[i + 1] === 10 && buf[i + 2] === 13 && buf[i + 3] === 10) return i;
      }
      return -1;
    };
    while (headEnd() < 0) if (!await more()) return undefined;
    const end = headEnd();
    const [statusLine, ...lines] = dec.decode(buf.subarray(0, end)).split("\r\n");
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0);
    const headers = new Map<string, string>();
    for (const line of lines) {
      const at = line.indexOf(":");
      headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
    }
    const length = headers.get("content-length");
    if (length === undefined) {
      while (await more());
      kept.bytes = new Uint8Array();
      return { status, headers, body: dec.decode(buf.subarray(end + 4)) };
    }
    const total = end + 4 + Number(length);
    while (buf.length < total) if (!await more()) return undefined;
    kept.bytes = buf.slice(total);
    return { status, headers, body: dec.decode(buf.subarray(end + 4, total)) };
  } finally {
    clearTimeout(timer);
  }
}

/** The service started as its own process on a fresh database, its standard output kept as it comes. */
export async function startService(more: Record<string, string>) {
  const dir = await Deno.makeTempDir({ prefix: "hr-stop-" });
  const child = spawnPiped(
    ["run", "-A", new URL("../main.ts", import.meta.url).pathname, "serve"],
    serveEnv(dir, { DEMO_DATA: "false", ...more }),
  );
  const stdout = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const stderr = new Response(child.stderr).text();
  const start = await waitForPort(stdout, START_GIVE_UP_MS);
  let out = start.out;
  const waiting = new Set<() => void>();
  const rest = (async () => {
    for (;;) {
      const { value, done } = await stdout.read().catch(() => ({ value: undefined, done: true }));
      for (const w of waiting) w();
      if (done) return;
      out += value;
    }
  })();
  return {
    dir,
    child,
    port: start.port,
    started: start.out,
    /** Resolves once the output matches `re`; false when the output ended or `giveUpMs` passed first. */
    saw(re: RegExp, giveUpMs: number): Promise<boolean> {
      return new Promise((resolve) => {
        const timer = setTimeout(() => finish(false), giveUpMs);
        const finish = (seen: boolean) => {
          clearTimeout(timer);
          waiting.delete(check);
          resolve(seen);
        };
        const check = () => {
          if (re.test(out)) finish(true);
        };
        waiting.add(check);
        check();
        void rest.then(() => finish(re.test(out)));
      });
    },
    output: async () => {
      await rest;
      return out;
    },
    stderr,
    async end() {
      try {
        child.kill("SIGKILL");
      } catch { /* already gone */ }
      await child.status;
      await rest;
      await stderr.catch(() => "");
      await Deno.remove(dir, { recursive: true });
    },
  };
}

type Handler = (req: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;

/** A server on a free loopback port: its origin, and its stop (which waits for it to finish). */
export interface Loopback {
  origin: string;
  stop(): Promise<void>;
}

/**
 * Serves `handler` on a free port of 127.0.0.1. The origin names the host `host` (a page on `localhost` is
 * another origin than the service on 127.0.0.1, as a browser sees it).
 */
export function serveLoopback(handler: Handler, host = "127.0.0.1"): Loopback {
  const ac = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: ac.signal, onListen: () => {} },
    handler,
  );
  return {
    origin: `http://${host}:${server.addr.port}`,
    stop: async () => {
      ac.abort();
      await server.finished;
    },
  };
}

/**
 * An app that must know its own origin (MCP_ISSUER_URL is compared with the browser's Origin), built by
 * `build` once its port is open and served there; until then requests are answered 503. Its stop ends the
 * server, then closes the app.
 */
export async function serveBuilt<T extends { app: { fetch: Handler }; close(): void }>(
  build: (origin: string) => Promise<T>,
): Promise<T & Loopback> {
  let handler: Handler = () => new Response("starting", { status: 503 });
  const server = serveLoopback((req, info) => handler(req, info));
  let t: T;
  try {
    t = await build(server.origin);
  } catch (e) {
    await server.stop();
    throw e;
  }
  handler = (req, info) => t.app.fetch(req, info);
  return Object.assign(t, {
    origin: server.origin,
    stop: async () => {
      await server.stop();
      t.close();
    },
  });
}
