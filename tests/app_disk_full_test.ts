/**
 * A full disk: every write answers 507 with a clear message instead of a 500 and a stack trace per request,
 * the condition is logged once a minute, /readyz says not ready while it lasts, and reads go on. The database
 * lives on a small tmpfs mounted for the test (skipped, saying so, where the machine does not allow mounting).
 */
import assert from "node:assert/strict";
import { makeTestApp } from "./_helpers.ts";
import { openDatabase } from "../src/db/client.ts";
import { createApp } from "../src/app.ts";
import { memoryLogger } from "../src/log.ts";

async function mountTmpfs(dir: string, bytes: number): Promise<boolean> {
  const out = await new Deno.Command("mount", {
    args: ["-t", "tmpfs", "-o", `size=${bytes}`, "tmpfs", dir],
    stdout: "null",
    stderr: "null",
  }).output().catch(() => ({ code: 1 }));
  return out.code === 0;
}

Deno.test("disk full: 507 with a clear message, one log line a minute, /readyz not ready, reads go on", async (t) => {
  const app = await makeTestApp();
  const dir = await Deno.makeTempDir({ prefix: "hr-full-" });
  let mounted = false;
  try {
    await app.deps.database.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    const size = (await Deno.stat(app.dbPath)).size;
    // Room for the database, its key file and a little more: the first writes fit, then the disk is full.
    mounted = await mountTmpfs(dir, size + 512 * 1024);
    if (!mounted) {
      console.log("disk full: skipped, this machine does not allow mounting a tmpfs");
      return;
    }
    await Deno.copyFile(app.dbPath, `${dir}/hr.db`);
    const database = await openDatabase(`file:${dir}/hr.db`);
    const log = memoryLogger();
    const deps = { ...app.deps, database, db: database.db, log };
    const full = createApp(deps);
    try {
      const signIn = await full.request("/api/v1/portal/auth/sessions", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "employee@demo.example", password: "demo-password-2026" }),
      });
      assert.equal(signIn.status, 201, "the sign-in still fits");
      const session = (await signIn.json()).data.token;
      let r: Response | undefined;
      for (let day = 1; day <= 400; day++) {
        const date = new Date(Date.UTC(2025, 0, day)).toISOString().slice(0, 10);
        r = await full.request("/api/v1/portal/employee/time-entries", {
          method: "POST",
          headers: { Authorization: `Bearer ${session}`, "Content-Type": "application/json" },
          body: JSON.stringify({ date, startTime: "08:00", endTime: "09:00", description: "y".repeat(1900) }),
        });
        if (r.status === 507) break;
        await r.body?.cancel();
      }
      await t.step("the write that does not fit: 507, a clear message, Retry-After", async () => {
        assert.equal(r!.status, 507);
        const body = await r!.json();
        assert.equal(body.code, "insufficient_storage");
        assert.match(body.error, /disk is full, so nothing was saved/);
        assert.equal(r!.headers.get("retry-after"), "60");
      });
      await t.step("logged once, no stack trace per request", async () => {
        await (await full.request("/api/v1/portal/employee/time-entries", {
          method: "POST",
          headers: { Authorization: `Bearer ${session}`, "Content-Type": "application/json" },
          body: JSON.stringify({
            date: "2026-02-02",
            startTime: "08:00",
            endTime: "09:00",
            description: "z".repeat(1900),
          }),
        })).body?.cancel();
        assert.equal(
          log.lines.filter((l) => l.msg === "disk full: writes fail until space is freed").length,
          1,
        );
        assert.ok(!log.lines.some((l) => l.msg === "unhandled error"));
      });
      await t.step("/readyz is not ready; reads go on", async () => {
        const ready = await full.request("/readyz");
        assert.equal(ready.status, 503);
        assert.equal((await ready.json()).database, "disk full");
        const read = await full.request("/api/v1/portal/employee/summary", {
          headers: { Authorization: `Bearer ${session}` },
        });
        assert.equal(read.status, 200);
        await read.body?.cancel();
      });
    } finally {
      database.close();
    }
  } finally {
    app.close();
    if (mounted) await new Deno.Command("umount", { args: [dir] }).output();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
