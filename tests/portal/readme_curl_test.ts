/**
 * Runs the README's "Portal API: a typical week with curl" session through the app, command by command,
 * so the README cannot rot: a small interpreter for exactly the shell the section uses (variables,
 * `$(curl … | sed -E 's/…/\1/')`, curl with -s, -X, -H and -d, line continuations and comments).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { leaveRequests, timeEntries } from "../../src/db/schema/mod.ts";
import { EMPLOYEE_ID } from "../services/_fixtures.ts";

const HEADING = "## Portal API: a typical week with curl";

/** The shell commands of the section: continuations joined, comments and blank lines dropped. */
async function readmeCommands(): Promise<string[]> {
  const readme = await Deno.readTextFile(new URL("../../README.md", import.meta.url));
  const start = readme.indexOf(HEADING);
  assert.ok(start >= 0, `README.md has the section "${HEADING}"`);
  const rest = readme.slice(start + HEADING.length);
  const section = rest.slice(0, rest.search(/\n## /) === -1 ? undefined : rest.search(/\n## /));
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.ok(blocks.length > 0, "the section has a sh block");
  return blocks.join("\n").replace(/\\\n\s*/g, " ").split("\n").map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
}

/** Splits a command into words like sh does for the quoting used here; `$VAR` expands outside '…'. */
function words(cmd: string, vars: Map<string, string>): string[] {
  const out: string[] = [];
  let cur = "";
  let inWord = false;
  const expand = (s: string) =>
    s.replace(/\$\{?(\w+)\}?/g, (_, name) => {
      assert.ok(vars.has(name), `variable ${name} is set before it is used`);
      return vars.get(name)!;
    });
  for (let i = 0; i < cmd.length; i++) {
    const ch = cmd[i];
    if (ch === "'") {
      const end = cmd.indexOf("'", i + 1);
      cur += cmd.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (ch === '"') {
      const end = cmd.indexOf('"', i + 1);
      cur += expand(cmd.slice(i + 1, end));
      i = end;
      inWord = true;
    } else if (ch === " " || ch === "\t") {
      if (inWord) out.push(cur);
      cur = "";
      inWord = false;
    } else if (ch === "$" && /[\w{]/.test(cmd[i + 1] ?? "")) {
      const m = /^\$\{?(\w+)\}?/.exec(cmd.slice(i))!;
      cur += expand(m[0]);
      i += m[0].length - 1;
      inWord = true;
    } else {
      cur += ch;
      inWord = true;
    }
  }
  if (inWord) out.push(cur);
  return out;
}

/** Splits a pipeline at `|` outside quotes. */
function pipeline(cmd: string): string[] {
  const parts: string[] = [];
  let quote = "";
  let cur = "";
  for (const ch of cmd) {
    if (quote) {
      if (ch === quote) quote = "";
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === "|") {
      parts.push(cur.trim());
      cur = "";
      continue;
    }
    cur += ch;
  }
  parts.push(cur.trim());
  return parts;
}

interface Step {
  command: string;
  method: string;
  path: string;
  status: number;
  body: string;
}

/** curl with the options the README uses, sent to the app instead of the network. */
async function curl(t: TestApp, args: string[], command: string): Promise<Step> {
  assert.equal(args[0], "curl");
  let method: string | undefined;
  let data: string | undefined;
  let url: string | undefined;
  const headers = new Headers();
  for (let i = 1; i < args.length; i++) {
    const a = args[i];
    if (a === "-s") continue;
    else if (a === "-X") method = args[++i];
    else if (a === "-H") {
      const h = args[++i];
      const at = h.indexOf(":");
      headers.set(h.slice(0, at).trim(), h.slice(at + 1).trim());
    } else if (a === "-d") data = args[++i];
    else if (a.startsWith("-")) {
      throw new Error(`curl option ${a} is not supported by this test; keep the README simple`);
    } else url = a;
  }
  assert.ok(url, `a URL in: ${command}`);
  const path = url.slice(url.indexOf("/api/"));
  const m = method ?? (data !== undefined ? "POST" : "GET");
  if (data !== undefined && !headers.has("content-type")) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  const res = await t.request(path, { method: m, headers, body: data });
  return { command, method: m, path, status: res.status, body: await res.text() };
}

/** `sed -E 's/REGEX/\1/'` on the curl output (one JSON line). */
function sed(args: string[], input: string): string {
  assert.deepEqual(args.slice(0, 2), ["sed", "-E"]);
  const m = /^s\/(.*)\/(.*)\/$/.exec(args[2]);
  assert.ok(m, `a s/…/…/ expression: ${args[2]}`);
  return input.replace(new RegExp(m[1]), m[2].replace(/\\(\d)/g, "$$$1"));
}

Deno.test("README: the typical week with curl runs as written", async () => {
  const t = await makeTestApp();
  try {
    const commands = await readmeCommands();
    const vars = new Map<string, string>();
    const steps: Step[] = [];
    for (const command of commands) {
      const assign = /^(\w+)=(.*)$/.exec(command);
      if (assign && !assign[2].startsWith("$(")) {
        vars.set(assign[1], words(assign[2], vars).join(" "));
        continue;
      }
      const inner = assign ? assign[2].slice(2, -1) : command;
      const [first, ...filters] = pipeline(inner);
      const step = await curl(t, words(first, vars), command);
      steps.push(step);
      assert.ok(
        step.status >= 200 && step.status < 300,
        `${step.method} ${step.path} → ${step.status} ${step.body}`,
      );
      let out = step.body;
      for (const f of filters) out = sed(words(f, vars), out);
      if (assign) {
        assert.ok(
          out && out !== step.body && !out.includes("{"),
          `${assign[1]} got a value from: ${step.body}`,
        );
        vars.set(assign[1], out);
      }
    }

    // The week as the README tells it.
    const paths = steps.map((s) => `${s.method} ${s.path.replace(/\?.*/, "")}`);
    for (
      const expected of [
        "POST /api/v1/portal/auth/sessions",
        "GET /api/v1/portal/employee/leave/balances",
        "POST /api/v1/portal/employee/leave/requests",
        "POST /api/v1/portal/employee/time-entries",
        "POST /api/v1/portal/employee/time-weeks/2026-11-16/submit",
        "GET /api/v1/portal/approvals/leave-requests",
      ]
    ) assert.ok(paths.includes(expected), `the session does ${expected}`);
    assert.ok(
      paths.some((p) => /^POST \/api\/v1\/portal\/approvals\/leave-requests\/[\w-]+\/decision$/.test(p)),
    );

    const [request] = await t.deps.db.select().from(leaveRequests).where(
      eq(leaveRequests.id, vars.get("REQUEST")!),
    );
    assert.equal(request.employeeId, EMPLOYEE_ID);
    assert.equal(request.status, "APPROVED");
    assert.equal(request.days, 5);
    assert.equal(request.decisionNote, "Gute Erholung!");
    const week = await t.deps.db.select().from(timeEntries).where(eq(timeEntries.employeeId, EMPLOYEE_ID))
      .then((rows) => rows.filter((r) => r.date >= "2026-11-16" && r.date <= "2026-11-22"));
    assert.equal(week.length, 3);
    assert.ok(week.every((e) => e.status === "APPROVED"));
    const last = JSON.parse(steps.at(-1)!.body);
    assert.equal(last.data.status, "APPROVED");
  } finally {
    t.close();
  }
});
