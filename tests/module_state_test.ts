/**
 * Module-level mutable state in `src/` is counted against this allow-list (docs/architecture.md, "State").
 * The rule modules hold none; what the service remembers lives in objects the app creates, or in a WeakMap
 * keyed by one (the database handle, its client, the deps), which is that object's private field: a new test
 * app gets it fresh. A new top-level `let` or mutable collection fails here until it is given a reason.
 * Constants are not counted: a collection that is never changed is typed `ReadonlySet` / `ReadonlyMap`.
 */
import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

const PER_OBJECT = "a WeakMap keyed by an object the app creates (its private field: fresh per app)";
const MEMO = "a memo of a pure function of constant inputs: it cannot be observed";
const LAZY = "a constant loaded on first use (a file or a module), the same for every app";

/** `file:name` → why it may be module-level. */
const ALLOWED: Record<string, string> = {
  "checked_json.ts:checks": "schemas' compiled checks, keyed by the schema object (constant)",
  "clock.ts:formats": MEMO + " (Intl formats per time zone)",
  "clock.ts:lastDay": MEMO + " (the local day of the last quarter hour per zone)",
  "db/local.ts:brokenConnections": "connections the driver reported broken, keyed by the connection",
  "db/local.ts:keptReads": PER_OBJECT,
  "db/local.ts:knownTables": LAZY + " (the schema's table names)",
  "db/local.ts:pools": PER_OBJECT,
  "db/local.ts:versionReads": PER_OBJECT,
  "db/row_mapping.ts:prepared": MEMO + " (row builders per selection, keyed by drizzle's selection object)",
  "db/trouble.ts:disks": PER_OBJECT,
  "db/trouble.ts:loggedAt": PER_OBJECT,
  "db/write.ts:writeLocks": PER_OBJECT,
  "domain/calendar.ts:cantonYears": MEMO + " (the holiday table split per canton)",
  "domain/calendar.ts:holidayCache": MEMO + " (holidays per canton, year, language and half days)",
  "domain/time.ts:zoneFormats": MEMO + " (Intl formats per time zone)",
  "markdown.ts:kept": LAZY + " (the Markdown renderer)",
  "mcp/allowance.ts:lastDay": MEMO + " (the UTC day of the last instant asked for)",
  "mcp/allowance.ts:states": PER_OBJECT,
  "mcp/limits.ts:lastPurge": PER_OBJECT,
  "mcp/limits.ts:minuteCounts": PER_OBJECT,
  "mcp/mod.ts:endpointModule": LAZY + " (the connector's module, loaded after the service listens)",
  "mcp/previews.ts:inFlight": "commits in progress by random preview id: one process, ids never shared",
  "mcp/server.ts:answerJson": "a side table of an answer object (its serialised JSON), gone with it",
  "mcp/server.ts:directToolCalls": "the switch `tests/mcp/direct_call_test.ts` turns to compare both paths",
  "mcp/server.ts:structuredJson": "a side table of a result object (its serialised JSON), gone with it",
  "mcp/writer.ts:writers": PER_OBJECT,
  "oauth/client_metadata.ts:freshUntil": PER_OBJECT,
  "oauth/connections.ts:touched": PER_OBJECT,
  "oauth/key_encryption.ts:keys": PER_OBJECT,
  "oauth/tokens.ts:caches": PER_OBJECT,
  "portal/files.ts:forms": "a side table of a request object (its parsed form), gone with it",
  "portal/idempotency.ts:flightsByDb": PER_OBJECT,
  "portal/reuse.ts:kept": PER_OBJECT,
  "portal/reuse.ts:keptChars": PER_OBJECT,
  "portal/reuse.ts:off": PER_OBJECT,
  "push/vapid.ts:loaded": PER_OBJECT,
  "services/leave.ts:statutoryCarried": "a side table of a computed balance object, gone with it",
  "services/leave.ts:statutoryOwed": "a side table of a computed balance object, gone with it",
  "services/password_reset.ts:asked": PER_OBJECT,
  "services/summary.ts:reusable": PER_OBJECT,
  "services/summary.ts:reuseOff": PER_OBJECT,
  "signin/oidc.ts:configs": PER_OBJECT,
  "signin/password.ts:decoy": LAZY + " (a hash to compare against for an unknown account)",
  "signin/password.ts:peak": "the process's password hashing: one CPU pool per process, measured together",
  "signin/password.ts:running": "the process's password hashing: one CPU pool per process, measured together",
  "signin/password.ts:waiting": "the process's password hashing: one CPU pool per process, measured together",
  "signin/password.ts:waitingTotal":
    "the process's password hashing: one CPU pool per process, measured together",
  "signin/password_policy.ts:checker": LAZY + " (the common-password list)",
  "signin/sessions.ts:resolvedSessions": PER_OBJECT,
  "signin/sessions.ts:sources": PER_OBJECT,
  "start_garbage.ts:collect": LAZY + " (the runtime's garbage collection hook, if any)",
  "web/api_reference.ts:bundle": LAZY + " (the API reference page's script)",
  "web/app_routes.ts:assets": LAZY + " (the employee app's files)",
};

async function* sources(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory) yield* sources(p);
    else if (/\.tsx?$/.test(e.name)) yield p;
  }
}

/** Top-level `let`/`var`, and top-level collections created mutable (not typed read-only). */
const MUTABLE =
  /^(?:export )?(?:(?:let|var) (?<v>\w+)|const (?<c>\w+)(?:: (?<type>[^=]+))? = new (?:Map|Set|WeakMap|WeakSet)\b)/gm;

Deno.test("module state: every module-level mutable value in src/ is on the allow-list with its reason", async () => {
  const found: string[] = [];
  for await (const file of sources(SRC)) {
    const rel = relative(SRC, file);
    // The employee app runs in the browser: one page, one instance of its modules.
    if (rel.startsWith("app/")) continue;
    const text = await Deno.readTextFile(file);
    for (const m of text.matchAll(MUTABLE)) {
      const g = m.groups!;
      if (g.type && /^Readonly(Set|Map)</.test(g.type.trim())) continue;
      found.push(`${rel}:${g.v ?? g.c}`);
    }
  }
  // The scan sees what it is meant to (one known entry of each kind).
  assert.ok(found.includes("markdown.ts:kept") && found.includes("db/local.ts:pools"));
  const unlisted = found.filter((k) => !(k in ALLOWED));
  assert.deepEqual(
    unlisted,
    [],
    "module-level state without a reason: move it into an object the app creates",
  );
  const stale = Object.keys(ALLOWED).filter((k) => !found.includes(k));
  assert.deepEqual(stale, [], "allow-list entries that no longer exist: remove them");
  // The count, stated: it may go down, never up without a listed reason.
  assert.equal(found.length, Object.keys(ALLOWED).length);
});
