/**
 * `serve` on a port another program holds (or an address that is not the machine's) stops with one line that
 * says so and exit code 7, not a stack trace, before the database is opened. The service is the
 * executable run as a child process; the port is held by a listener of the test.
 */
import assert from "node:assert/strict";

const MAIN = new URL("../main.ts", import.meta.url).pathname;

async function serve(dir: string, env: Record<string, string>) {
  const r = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "serve"],
    env: { DATABASE_URL: `file:${dir}/hr.db`, DEMO_DATA: "false", LOG_LEVEL: "warn", NO_COLOR: "1", ...env },
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(60_000),
  }).output();
  return {
    code: r.code,
    out: new TextDecoder().decode(r.stdout),
    err: new TextDecoder().decode(r.stderr),
  };
}

Deno.test("serve: a port in use stops the start with one clear line and exit 7", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hr-port-" });
  const held = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (held.addr as Deno.NetAddr).port;
  try {
    const r = await serve(dir, { PORT: String(port), HOST: "127.0.0.1" });
    assert.equal(r.code, 7, r.out + r.err);
    assert.equal(
      r.err,
      `port ${port} is already in use on 127.0.0.1: Address already in use (os error 98). ` +
        "Stop the program that holds it, or set PORT to a free port.\n",
    );
    assert.doesNotMatch(r.out, /listening|error:|\s+at /);
    // Refused before the database was opened: nothing was created.
    assert.deepEqual([...Deno.readDirSync(dir)], []);
  } finally {
    held.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("serve: an address that is not this machine's stops the start with one clear line and exit 7", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hr-port-" });
  try {
    // 192.0.2.0/24 is reserved for documentation (RFC 5737): never an address of this machine.
    const r = await serve(dir, { PORT: "8000", HOST: "192.0.2.10" });
    assert.equal(r.code, 7, r.out + r.err);
    assert.equal(
      r.err,
      "192.0.2.10 is not an address of this machine, so port 8000 cannot be opened on it: Cannot assign " +
        "requested address (os error 99). Set HOST to one of its addresses, or to 0.0.0.0 for all of them.\n",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("serve: a port taken while the start migrates and seeds is said in the same line, exit 7", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hr-port-" });
  const free = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (free.addr as Deno.NetAddr).port;
  free.close();
  let held: Deno.Listener | undefined;
  try {
    // The port is free when the start checks it; it is taken once the database file appears, while the
    // migrations and the demo (about a second) run.
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", MAIN, "serve"],
      env: { DATABASE_URL: `file:${dir}/hr.db`, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    while (!held) {
      if (await Deno.stat(`${dir}/hr.db`).then(() => true, () => false)) {
        held = Deno.listen({ hostname: "127.0.0.1", port });
      } else await new Promise((r) => setTimeout(r, 2));
    }
    const r = await child.output();
    const err = new TextDecoder().decode(r.stderr);
    assert.equal(r.code, 7, err);
    assert.equal(
      err,
      `port ${port} is already in use on 127.0.0.1: Address already in use (os error 98). ` +
        "Stop the program that holds it, or set PORT to a free port.\n",
    );
  } finally {
    held?.close();
    await Deno.remove(dir, { recursive: true });
  }
});
