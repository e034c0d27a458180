/**
 * The fault suite for connector commits: the real service (`main.ts serve`, a child process) on a database
 * file of the test's, stopped by SIGKILL at each phase of a commit through the fault seam (`FAULT_STOP_AT`,
 * `src/fault.ts`), then started again on the same file. The retried commit must file exactly once and answer
 * as a clean commit of the same preview does: the clean answer comes from a twin of the database (copied with
 * `VACUUM INTO` after the prepares) on which a child without the seam commits the same previews. The client's
 * other natural step, preparing the same write again, is refused. No sleeps: the
 * test waits for the child's exit status and its "listening" line. The twin runs in this process: it only
 * has to answer as the same code does on the same data, and a child costs a second of CPU to start.
 */
import assert from "node:assert/strict";
import { migrate } from "../../src/db/migrate.ts";
import { openDatabase } from "../../src/db/client.ts";
import { seedDemo } from "../../src/demo/mod.ts";
import { loadConfig } from "../../src/config.ts";
import { systemClock } from "../../src/clock.ts";
import { memoryLogger } from "../../src/log.ts";
import type { AppDeps } from "../../src/deps.ts";
import { DEMO_PASSWORD, FIXTURE_PASSWORD_COST } from "../_helpers.ts";
import { createApp } from "../../src/app.ts";
import { GATED_APPLICATION_ID } from "../../src/demo/mod.ts";
import { grantOn } from "./_harness.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;
const ISSUER = "http://hr.test";

interface Service {
  port: number;
  /** Everything the service wrote, for failure messages. */
  output: () => string;
}

interface Child extends Service {
  child: Deno.ChildProcess;
}

/** Starts `serve` on the file and waits for its "listening" line (or its exit). */
async function serve(dbPath: string, kek: string, fault?: string): Promise<Child> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "serve"],
    env: {
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${dbPath}`,
      KEY_ENCRYPTION_KEY: kek,
      FEATURE_MCP_CONNECTOR: "true",
      MCP_ISSUER_URL: ISSUER,
      DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      NO_COLOR: "1",
      ...(fault ? { FAULT_STOP_AT: fault } : {}),
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let out = "";
  const pump = async (s: ReadableStream<Uint8Array>, onText?: () => void) => {
    for await (const text of s.pipeThrough(new TextDecoderStream())) {
      out += text;
      onText?.();
    }
  };
  let listening: (port: number) => void;
  const port = new Promise<number>((r) => listening = r);
  const check = () => {
    const m = /listening on http:\/\/localhost:(\d+)/.exec(out);
    if (m) listening(Number(m[1]));
  };
  pump(child.stdout, check);
  pump(child.stderr);
  const first = await Promise.race([port, child.status.then(() => 0)]);
  assert.ok(first > 0, `the service started:\n${out}`);
  return { port: first, child, output: () => out };
}

/** A tool call over HTTP as an assistant sends it; `undefined` when the connection died with the process. */
async function call(s: Service, token: string, name: string, args: Record<string, unknown>) {
  try {
    const r = await fetch(`http://127.0.0.1:${s.port}/api/mcp`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2025-11-25",
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name, arguments: args },
      }),
    });
    const body = await r.json();
    assert.ok(body.result, `${name}: a tool result: ${JSON.stringify(body).slice(0, 300)}\n${s.output()}`);
    return body.result as {
      isError?: boolean;
      content: { text: string }[];
      structuredContent?: Record<string, unknown>;
    };
  } catch (e) {
    if (e instanceof TypeError) return undefined;
    throw e;
  }
}

async function okCall(s: Service, token: string, name: string, args: Record<string, unknown>) {
  const r = await call(s, token, name, args);
  assert.ok(r, `${name}: answered\n${s.output()}`);
  assert.notEqual(r.isError, true, `${name}: ${r.content[0]?.text}`);
  return r;
}

/** The configuration the children get from their environment, for this process's own use of a file. */
function configFor(dbPath: string, kek: string) {
  return loadConfig({
    DATABASE_URL: `file:${dbPath}`,
    KEY_ENCRYPTION_KEY: kek,
    MCP_ISSUER_URL: ISSUER,
    FEATURE_MCP_CONNECTOR: "true",
  });
}

/** The service in this process, on its own database file, as the children are configured. */
async function serveHere(dbPath: string, kek: string) {
  const config = configFor(dbPath, kek);
  const database = await openDatabase(config.databaseUrl);
  const log = memoryLogger();
  const app = createApp({ config, database, db: database.db, clock: systemClock, log });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  return {
    port: server.addr.port,
    output: () => log.lines.map((l) => JSON.stringify(l)).join("\n"),
    stop: async () => {
      await server.shutdown();
      database.close();
    },
  };
}

/** Stops a service that is still running (SIGTERM) and waits for it. */
async function stop(s: Child) {
  try {
    s.child.kill("SIGTERM");
  } catch { /* gone already */ }
  await s.child.status;
}

/** The parts of an answer that name this filing rather than what was filed: its id and when it was made. */
function withoutIdentity(r: { content: { text: string }[]; structuredContent?: Record<string, unknown> }) {
  const { id: _id, noteId: _noteId, createdAt: _createdAt, ...rest } = r.structuredContent ?? {};
  return rest;
}

Deno.test({
  name:
    "crash: a commit killed at any phase files exactly once after a restart and answers as a clean commit",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const dir = await Deno.makeTempDir({ prefix: "hr-crash-" });
    const dbPath = `${dir}/hr.db`;
    const kek = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
      .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const config = configFor(dbPath, kek);
    // The demo at the real time, as the child serves it: its clock is the machine's.
    const database = await openDatabase(config.databaseUrl);
    await migrate(database.client);
    await seedDemo(database.db, {
      clock: systemClock,
      password: DEMO_PASSWORD,
      passwordCost: FIXTURE_PASSWORD_COST,
    });
    const deps: AppDeps = { config, database, db: database.db, clock: systemClock, log: memoryLogger() };
    const count = async (sql: string, args: (string | number)[]) =>
      Number((await database.client.execute({ sql, args })).rows[0][0]);
    const applicationId = GATED_APPLICATION_ID;
    const today = new Date().toISOString().slice(0, 10);
    const running: Child[] = [];
    try {
      let slot = 0;
      for (const phase of ["in-filing", "after-filing"]) {
        await t.step(
          `killed ${phase === "in-filing" ? "inside" : "right after"} the filing's transaction`,
          async () => {
            const employee = await grantOn(deps, "employee");
            const hr = await grantOn(deps, "hr");
            const start = `0${slot++}:00`;
            const entryArgs = { date: today, start_time: start, end_time: start.replace(":00", ":45") };
            const note = `Called back, ${phase}`;

            // Both previews are prepared on a service armed to stop at the phase.
            let s = await serve(dbPath, kek, phase);
            running.push(s);
            const entryPreview = (await okCall(s, employee.token, "prepare_time_entry", entryArgs))
              .structuredContent!.previewId as string;
            const notePreview = (await okCall(s, hr.token, "prepare_application_note", {
              application_id: applicationId,
              note,
            })).structuredContent!.previewId as string;

            // The twin: the same database with the same previews, committed by a service without the seam.
            const twinPath = `${dir}/twin-${phase}.db`;
            await database.client.execute({ sql: "VACUUM INTO ?", args: [twinPath] });
            const twin = await serveHere(twinPath, kek);
            let cleanEntry, cleanNote;
            try {
              cleanEntry = await okCall(twin, employee.token, "commit_time_entry", {
                previewId: entryPreview,
              });
              cleanNote = await okCall(twin, hr.token, "commit_application_note", { previewId: notePreview });
            } finally {
              await twin.stop();
            }

            const entries = () =>
              count("SELECT count(*) FROM time_entries WHERE date = ? AND start_time = ?", [today, start]);
            const notes = () =>
              count("SELECT count(*) FROM application_notes WHERE application_id = ? AND body = ?", [
                applicationId,
                note,
              ]);
            const filedAfterKill = phase === "in-filing" ? 0 : 1;

            assert.equal(
              await call(s, employee.token, "commit_time_entry", { previewId: entryPreview }),
              undefined,
            );
            assert.equal((await s.child.status).signal, "SIGKILL", "the seam killed the service");
            assert.equal(await entries(), filedAfterKill);
            s = await serve(dbPath, kek, phase);
            running.push(s);
            assert.equal(
              await call(s, hr.token, "commit_application_note", { previewId: notePreview }),
              undefined,
            );
            assert.equal((await s.child.status).signal, "SIGKILL", "the seam killed the service");
            assert.equal(await notes(), filedAfterKill);

            // Restarted without the seam: the retries.
            s = await serve(dbPath, kek);
            running.push(s);
            const entry = await okCall(s, employee.token, "commit_time_entry", { previewId: entryPreview });
            const again = await okCall(s, employee.token, "commit_time_entry", { previewId: entryPreview });
            assert.deepEqual(again, entry, "a second retry gets the same answer");
            assert.deepEqual(
              withoutIdentity(entry),
              withoutIdentity(cleanEntry),
              "the clean commit's answer",
            );
            assert.equal(await entries(), 1, "exactly one entry");
            assert.equal(
              await count("SELECT count(*) FROM time_entries WHERE id = ?", [
                String(entry.structuredContent!.id),
              ]),
              1,
              "the answer names the filed entry",
            );

            const filedNote = await okCall(s, hr.token, "commit_application_note", {
              previewId: notePreview,
            });
            assert.deepEqual(
              await okCall(s, hr.token, "commit_application_note", { previewId: notePreview }),
              filedNote,
            );
            assert.deepEqual(withoutIdentity(filedNote), withoutIdentity(cleanNote));
            assert.equal(await notes(), 1, "exactly one note");
            assert.equal(
              await count("SELECT count(*) FROM application_notes WHERE id = ?", [
                String(filedNote.structuredContent!.noteId),
              ]),
              1,
            );

            // The client's other natural step after a lost answer, preparing the same write again, is refused
            // and names the note already filed (src/services/note_repeat.ts); the entry's overlap rule does the same.
            const repeat = await call(s, hr.token, "prepare_application_note", {
              application_id: applicationId,
              note,
            });
            assert.equal(repeat?.isError, true);
            // The HR account reads French.
            assert.match(repeat.content[0].text, /^Cette note figure déjà sur la candidature/);
            assert.ok(repeat.content[0].text.includes(String(filedNote.structuredContent!.noteId)));
            const overlap = await call(s, employee.token, "prepare_time_entry", entryArgs);
            assert.equal(overlap?.isError, true);
            // The demo employee reads German: "überschneidet sich" is the overlap refusal.
            assert.match(overlap.content[0].text, /überschneidet sich mit Ihrem Eintrag/);
            assert.equal(await notes(), 1);
            assert.equal(await entries(), 1);
            await stop(s);
          },
        );
      }
    } finally {
      for (const s of running) {
        try {
          s.child.kill("SIGKILL");
        } catch { /* gone already */ }
        await s.child.status;
      }
      database.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
