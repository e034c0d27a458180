/**
 * Helpers of the lock tests: another program holding the write lock (`_hold_lock.ts`, its own process), and
 * the service itself as a child process (`main.ts serve`) on a copy of the demo database.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";

/** A second process holding the write lock on `path` until `release()`. */
export function holdLock(path: string, mode: "immediate" | "exclusive" = "immediate") {
  return holder("./_hold_lock.ts", [path, mode], "the lock holder", "locked", "released");
}

/** A second process holding a read transaction on `path` (its snapshot pins the log) until `release()`. */
export function holdRead(path: string) {
  return holder("./_hold_read.ts", [path], "the reader", "reading", "done");
}

/**
 * Starts a helper program of these tests as its own process and waits until it says `ready` (it holds what
 * it holds); `release()` tells it to go on, waits until it says `done`, and requires it to end well. An
 * early end fails with what the program wrote to standard error.
 */
async function holder(script: string, args: string[], who: string, ready: string, done: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL(script, import.meta.url).pathname, ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  const until = async (word: string) => {
    while (!seen.includes(word)) {
      const { value, done } = await lines.read();
      if (done) {
        const err = await new Response(child.stderr).text().catch(() => "");
        await child.status;
        throw new Error(`${who} ended before saying "${word}": ${err.trim()}`);
      }
      seen += value;
    }
  };
  await until(ready);
  const writer = child.stdin.getWriter();
  return {
    async release() {
      await writer.write(new TextEncoder().encode("go\n"));
      await writer.close();
      await until(done);
      lines.releaseLock();
      await child.stdout.cancel().catch(() => {});
      await child.stderr.cancel().catch(() => {});
      assert.equal((await child.status).code, 0);
    },
  };
}

/** Whether another program can take the write lock and write right now (it gives up at once if not). */
export async function anotherProgramCanWrite(path: string): Promise<boolean> {
  try {
    await (await holdLock(path)).release();
    return true;
  } catch {
    return false;
  }
}

const MAIN = new URL("../../main.ts", import.meta.url).pathname;

/** The service as its own process on a copy of the demo database (the tests' template, fixture passwords). */
export async function startService(env: Record<string, string> = {}) {
  const t = await makeTestApp();
  const dir = await Deno.makeTempDir({ prefix: "hr-lock-" });
  const dbPath = `${dir}/hr.db`;
  try {
    await t.deps.database.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    await Deno.copyFile(t.dbPath, dbPath);
  } finally {
    t.close();
  }
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "serve"],
    env: {
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${dbPath}`,
      LOG_LEVEL: "info",
      NO_COLOR: "1",
      ...env,
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const out = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const err = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let log = "";
  let port = 0;
  while (!port) {
    const { value, done } = await out.read();
    if (done) break;
    log += value;
    port = Number(/listening on http:\/\/localhost:(\d+)/.exec(log)?.[1] ?? 0);
  }
  const drain = async (r: ReadableStreamDefaultReader<string>) => {
    for (;;) {
      const { value, done } = await r.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      log += value;
    }
  };
  const draining = Promise.all([drain(out), drain(err)]);
  if (!port) {
    await draining;
    throw new Error(`the service did not start:\n${log}`);
  }
  const base = `http://127.0.0.1:${port}`;
  const call = (
    path: string,
    init: { method?: string; token?: string; json?: unknown; key?: string } = {},
  ) => {
    const headers = new Headers();
    if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
    if (init.key) headers.set("Idempotency-Key", init.key);
    if (init.json !== undefined) headers.set("Content-Type", "application/json");
    return fetch(`${base}${path}`, {
      method: init.method ?? (init.json === undefined ? "GET" : "POST"),
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  };
  return {
    dbPath,
    base,
    call,
    /** What the service logged so far (standard output and error). */
    log: () => log,
    async signIn(email: string, password = "demo-password-2026") {
      const r = await call("/api/v1/portal/auth/sessions", { json: { email, password, deviceName: "test" } });
      const body = await r.json();
      return { status: r.status, body, token: body?.data?.token as string | undefined };
    },
    async stop() {
      try {
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      await child.status;
      await draining;
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}
