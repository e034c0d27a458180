/**
 * A typed client generated from the OpenAPI document by openapi-typescript in its default mode accepts the
 * README's curl bodies: the generator runs from npm at a pinned version as its own process, and `deno check`
 * compiles each body against the request type of the operation the command calls. Fields with a default
 * (breakMinutes, a time entry's type) must stay optional there, or the README's own bodies would not compile.
 * The same client then calls the clock-in timer, the team's absences, an app's sign-on (the start's query
 * and the code's exchange), the person's documents and policies, and a sync of the time entries with
 * `updatedSince` whose `deleted` the client reads: their bodies and the service's real answers compile against
 * the generated types.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { employees, leaveRequests, leaveTypes, users } from "../../src/db/schema/mod.ts";
import { issueAppCode } from "../../src/signin/app_signin.ts";
import { addPersonalDocument } from "../../src/services/my_documents.ts";
import { sha256B64url } from "../../src/crypto.ts";
import { makeTestApp, type TestApp } from "../_helpers.ts";

const HEADING = "## Portal API: a typical week with curl";

interface CurlBody {
  method: string;
  path: string;
  body: string;
}

/** The README section's curl commands that send a body, with their method and path below $BASE. */
async function readmeBodies(): Promise<CurlBody[]> {
  const readme = await Deno.readTextFile(new URL("../../README.md", import.meta.url));
  const start = readme.indexOf(HEADING);
  assert.ok(start >= 0, `README.md has the section "${HEADING}"`);
  const rest = readme.slice(start + HEADING.length);
  const end = rest.search(/\n## /);
  const section = end === -1 ? rest : rest.slice(0, end);
  const commands = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]).join("\n")
    .replace(/\\\n\s*/g, " ").split("\n");
  const out: CurlBody[] = [];
  for (const cmd of commands) {
    const body = /-d '([^']*)'/.exec(cmd)?.[1];
    if (body === undefined) continue;
    const path = /\$BASE(\S+)/.exec(cmd)![1];
    const method = /-X (\w+)/.exec(cmd)?.[1] ?? "POST";
    out.push({ method: method.toLowerCase(), path, body });
  }
  return out;
}

/** The document's path template that a concrete README path (with $VARIABLES or literal values) calls. */
function template(paths: string[], prefix: string, path: string): string {
  const segs = path.split("/");
  const found = paths.find((p) => {
    if (!p.startsWith(prefix)) return false;
    const t = p.slice(prefix.length).split("/");
    return t.length === segs.length &&
      t.every((s, i) => s === segs[i] || (s.startsWith("{") && segs[i] !== ""));
  });
  assert.ok(found, `the document has an operation for ${path}`);
  return found;
}

/**
 * Calls the timer and the team's absences as the employee and returns one typed declaration per call: the
 * body sent (request type) and the answer's `data`'s envelope (response type), as the service sent them.
 */
async function newOperations(t: TestApp): Promise<string[]> {
  const token = await t.signIn("employee@demo.example");
  const out: string[] = [];
  /** `template`: the document's path when `path` has values in it. */
  const call = async (name: string, method: string, path: string, body?: unknown, template?: string) => {
    const r = await t.request(`/api/v1/portal${path}`, {
      method: method.toUpperCase(),
      token,
      ...(body === undefined ? {} : { json: body }),
    });
    assert.ok(r.status === 200 || r.status === 201, `${method} ${path}: ${r.status}`);
    const p = JSON.stringify(`/api/v1/portal${(template ?? path).replace(/\?.*$/, "")}`);
    if (body !== undefined) {
      out.push(`export const ${name}Body: Body<${p}, "${method}"> = ${JSON.stringify(body)};`);
    }
    out.push(`export const ${name}Answer: Ok<${p}, "${method}"> = ${await r.text()};`);
  };
  await call("timerNone", "get", "/employee/timer");
  await call("timerStart", "post", "/employee/timer/start", { projectCode: "PLAT-OPS", type: "REGULAR" });
  await call("timerRunning", "get", "/employee/timer");
  t.clock.advance(95 * 60_000);
  await call("timerStop", "post", "/employee/timer/stop", { breakMinutes: 15, description: "Release" });
  await call("timerStartAgain", "post", "/employee/timer/start", {});
  await call("timerDiscard", "delete", "/employee/timer");
  // A colleague's approved vacation, so the answer holds an absence.
  const [colleague] = await t.deps.db.select({ id: employees.id }).from(employees).where(
    eq(employees.firstName, "Elena"),
  );
  const [vacation] = await t.deps.db.select({ id: leaveTypes.id }).from(leaveTypes).where(
    eq(leaveTypes.code, "VACATION"),
  );
  await t.deps.db.insert(leaveRequests).values({
    employeeId: colleague.id,
    leaveTypeId: vacation.id,
    startDate: "2026-12-01",
    endDate: "2026-12-02",
    startPortion: "AFTERNOON",
    days: 1.5,
    daysByYear: JSON.stringify({ 2026: 1.5 }),
    status: "APPROVED",
    createdAt: t.clock.now(),
    updatedAt: t.clock.now(),
  });
  await call("teamAbsences", "get", "/employee/team/absences?from=2026-11-30&to=2026-12-31");
  assert.match(out[out.length - 1], /"kind":"ABSENT"/);
  // An app's sign-on: the start's query as the app builds it, and the exchange of a code the service
  // issued (as at the end of the sign-in at the provider) for a session.
  const verifier = "v".repeat(43);
  const challenge = await sha256B64url(verifier);
  const redirectUri = "ch.example.hr:/signin";
  const [account] = await t.deps.db.select().from(users).where(eq(users.email, "employee@demo.example"));
  out.push(
    `export const appStart: NonNullable<paths["/api/v1/portal/auth/oidc/start"]["get"]["parameters"]["query"]> = ${
      JSON.stringify({ redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: "S256" })
    };`,
  );
  const code = await issueAppCode(t.deps, account.id, { redirectUri, codeChallenge: challenge });
  await call("appSignOn", "post", "/auth/oidc/token", { code, codeVerifier: verifier, redirectUri });
  // My documents: an own file HR filed, a policy read and acknowledged.
  await addPersonalDocument(t.deps, {
    employeeId: account.employeeId!,
    kind: "CONTRACT",
    title: "Arbeitsvertrag",
    fileName: "vertrag.pdf",
    bytes: new TextEncoder().encode("%PDF-1.7\n%%EOF\n"),
  });
  await call("myDocuments", "get", "/employee/documents");
  assert.match(out[out.length - 1], /"kind":"CONTRACT"/);
  await call("policies", "get", "/employee/policies");
  await call("policy", "get", "/employee/policies/vacation-policy", undefined, "/employee/policies/{slug}");
  await call(
    "policyAcknowledged",
    "post",
    "/employee/policies/vacation-policy/acknowledgement",
    undefined,
    "/employee/policies/{slug}/acknowledgement",
  );
  // An app's sync of its time entries: one recorded and deleted since the last sync comes in `deleted`.
  const since = new Date(t.clock.now() - 3_600_000).toISOString();
  const draft = await t.request("/api/v1/portal/employee/time-entries", {
    method: "POST",
    token,
    json: { date: "2026-11-17", startTime: "20:00", endTime: "21:00" },
  });
  const draftId = (await draft.json()).data.id as string;
  await call(
    "dropDraft",
    "delete",
    `/employee/time-entries/${draftId}`,
    undefined,
    "/employee/time-entries/{id}",
  );
  const query = { updatedSince: since, limit: 50 };
  out.push(
    `export const syncQuery: NonNullable<paths["/api/v1/portal/employee/time-entries"]["get"]["parameters"]["query"]> = ${
      JSON.stringify(query)
    };`,
  );
  await call("timeSync", "get", `/employee/time-entries?updatedSince=${encodeURIComponent(since)}&limit=50`);
  assert.match(out[out.length - 1], new RegExp(`"deleted":\\[\\{"id":"${draftId}"`));
  out.push(
    `export const goneIds: string[] = (timeSyncAnswer.data.deleted ?? []).map((d) => d.id);`,
    `export const nextSync: string | null | undefined = timeSyncAnswer.data.nextUpdatedSince;`,
  );
  return out;
}

Deno.test("openapi: openapi-typescript's client (default mode) compiles the README's curl bodies, the timer's and the team's absences", async () => {
  const t = await makeTestApp();
  const dir = await Deno.makeTempDir({ prefix: "hr-openapi-client-" });
  try {
    const doc = await (await t.request("/api/v1/openapi.json")).text();
    await Deno.writeTextFile(`${dir}/openapi.json`, doc);
    const gen = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "npm:openapi-typescript@7.13.0", "openapi.json", "-o", "openapi.d.ts"],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(gen.code, 0, new TextDecoder().decode(gen.stderr));

    const bodies = await readmeBodies();
    assert.ok(bodies.length >= 6, `the README sends bodies (${bodies.length})`);
    const paths = Object.keys(JSON.parse(doc).paths);
    const lines = [
      `import type { paths } from "./openapi.d.ts";`,
      `type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends`,
      `  { requestBody?: { content: { "application/json": infer B } } } ? B : never;`,
      ...bodies.map((b, i) => {
        const p = template(paths, "/api/v1/portal", b.path);
        return `export const body${i}: Body<${JSON.stringify(p)}, "${b.method}"> = ${b.body};`;
      }),
    ];
    lines.push(
      `type Ok<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: infer R }`,
      `  ? R extends { 200: { content: { "application/json": infer J } } } ? J`,
      `  : R extends { 201: { content: { "application/json": infer J } } } ? J : never : never;`,
      ...await newOperations(t),
    );
    await Deno.writeTextFile(`${dir}/client.ts`, lines.join("\n") + "\n");
    const check = await new Deno.Command(Deno.execPath(), {
      args: ["check", "--no-config", "client.ts"],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(check.code, 0, new TextDecoder().decode(check.stderr));

    // The check can fail: a body missing a required field does not compile against the same client.
    const leave = bodies.findIndex((b) => b.path === "/employee/leave/requests");
    assert.ok(leave >= 0, "the README files a leave request");
    await Deno.writeTextFile(
      `${dir}/client.ts`,
      lines.join("\n").replace(/"leaveType":"VACATION",("startDate")/g, "$1") + "\n",
    );
    const bad = await new Deno.Command(Deno.execPath(), {
      args: ["check", "--no-config", "client.ts"],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.notEqual(bad.code, 0, "a body without leaveType is refused by the type check");
    assert.match(new TextDecoder().decode(bad.stderr), /leaveType/);

    // Colleagues' absences have no kind but ABSENT: an answer saying VACATION does not compile.
    await Deno.writeTextFile(
      `${dir}/client.ts`,
      lines.join("\n").replace(/"kind":"ABSENT"/, '"kind":"VACATION"') + "\n",
    );
    const kind = await new Deno.Command(Deno.execPath(), {
      args: ["check", "--no-config", "client.ts"],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.notEqual(kind.code, 0, "a team absence of kind VACATION is refused by the type check");
    assert.match(new TextDecoder().decode(kind.stderr), /VACATION/);
  } finally {
    t.close();
    await Deno.remove(dir, { recursive: true });
  }
});
