/**
 * No refusal of the portal or the connector holds English for a German, French or Italian reader, and none holds
 * a raw catalogue id or an unfilled `{parameter}` in any language. A broad set of bad requests goes over real
 * HTTP (every field rule's bad value, values of the wrong JSON type, unknown fields, strings too short and too
 * long, a wrong option, a missing field, dates that do not exist, a cursor that is none, malformed JSON, a record
 * that is not there), and tool calls with arguments of every wrong type go to the connector; every text of each
 * answer (`error` and each field's `message`, a tool result's text) is searched for words that only English uses.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { E2E, startMcpServer } from "../mcp/_harness.ts";
import { users } from "../../src/db/schema/mod.ts";
import { MESSAGES, say } from "../../src/i18n/messages/mod.ts";

type Lang = "de" | "fr" | "it" | "en";
const LANGS: Lang[] = ["de", "fr", "it", "en"];
const P = "/api/v1/portal";
const long = (n: number) => "x".repeat(n);

/**
 * Words a refusal in German, French or Italian never needs, but zod's or a schema's English wording does. Field
 * and argument names are taken out of a text before it is searched (a field may be called `value`).
 */
const TELL_TALE = [
  "must",
  "expected",
  "string",
  "number",
  "integer",
  "int",
  "object",
  "boolean",
  "array",
  "invalid",
  "required",
  "received",
  "should",
  "the",
  "least",
  "most",
  "characters",
  "unknown",
  "allowed",
  "too",
  "missing",
  "exist",
  "empty",
  "please",
  "cannot",
  "between",
];
const TELL_TALE_RE = new RegExp(`\\b(${TELL_TALE.join("|")})\\b`, "i");

/** [method, path, body (a string is sent as it is)]: what a phone app or a careless client may send. */
const PORTAL: [string, string, unknown][] = [
  // Each field rule's bad value.
  ["PATCH", "/employee/profile", { phone: "call me" }],
  ["PATCH", "/employee/profile", { privateEmail: "not an address" }],
  ["PATCH", "/employee/profile", { addressPostalCode: "3011/12" }],
  ["PATCH", "/employee/profile", { addressCountry: "CHE" }],
  ["PATCH", "/employee/profile", { addressStreet: long(201) }],
  ["PATCH", "/employee/profile", { language: "rm" }],
  ["POST", "/employee/profile/change-requests", { field: "salary", value: "1" }],
  ["POST", "/employee/profile/change-requests", { field: "iban", value: " " }],
  ["GET", "/employee/time-entries?from=2026-02-30", undefined],
  ["GET", "/employee/time-entries?from=1899-12-31", undefined],
  ["GET", "/employee/time-entries?updatedSince=yesterday", undefined],
  ["GET", "/employee/time-entries?limit=51", undefined],
  ["GET", "/employee/notifications?unread=perhaps", undefined],
  ["POST", "/employee/time-entries", { date: "2026-11-16", startTime: "25:00", endTime: "26:00" }],
  [
    "POST",
    "/employee/time-entries",
    { date: "2026-11-16", startTime: "08:00", endTime: "12:00", projectCode: "a b / c" },
  ],
  ["POST", "/employee/time-entries", {
    date: "2026-11-16",
    startTime: "08:00",
    endTime: "12:00",
    breakMinutes: 1441,
  }],
  ["POST", "/employee/time-entries", {
    date: "2026-11-16",
    startTime: "08:00",
    endTime: "12:00",
    breakMinutes: -1,
  }],
  ["POST", "/employee/leave/requests/preview", {
    leaveType: "",
    startDate: "2027-02-15",
    endDate: "2027-02-16",
  }],
  ["PATCH", "/employee/time-entries/none", { totalHours: 25 }],
  ["POST", "/employee/sick-leave/end", { action: "stop", entryId: "x" }],
  ["POST", "/employee/sick-leave/preview", { startDate: "2026-11-16", degree: 120 }],
  // Values of the wrong JSON type.
  ["PATCH", "/employee/profile", { phone: 41791234567 }],
  ["PATCH", "/employee/profile", { addressStreet: ["Bahnhofstrasse 1"] }],
  ["PATCH", "/employee/profile", { language: { code: "de" } }],
  ["POST", "/employee/time-entries", { date: 20261116, startTime: true, endTime: null }],
  ["POST", "/employee/time-entries", {
    date: "2026-11-16",
    startTime: "08:00",
    endTime: "12:00",
    breakMinutes: "30",
  }],
  ["POST", "/employee/time-entries", {
    date: "2026-11-16",
    startTime: "08:00",
    endTime: "12:00",
    breakMinutes: 7.5,
  }],
  ["POST", "/employee/sick-leave/preview", { startDate: "2026-11-16", degree: "half" }],
  ["POST", "/employee/profile/change-requests", { field: "iban", value: 12 }],
  ["POST", "/employee/push-devices", { platform: "FCM", token: 1234567890123456 }],
  ["POST", "/employee/time-entries", [1, 2, 3]],
  ["POST", "/employee/time-entries", "null"],
  // Unknown fields, in the body and in the query.
  ["PATCH", "/employee/profile", { nickname: "Lu" }],
  ["PATCH", "/employee/profile", { nickname: "Lu", shoeSize: 42 }],
  ["GET", "/employee/time-entries?sort=date", undefined],
  // Strings too short and too long.
  ["POST", "/employee/push-devices", { platform: "FCM", token: "short" }],
  ["POST", "/employee/push-devices", { platform: "FCM", token: long(4097) }],
  ["POST", "/employee/profile/change-requests", { field: "iban", value: long(501) }],
  // A wrong option.
  ["POST", "/employee/push-devices", { platform: "BLACKBERRY", token: long(20) }],
  ["GET", "/employee/leave/requests?status=MAYBE", undefined],
  ["POST", "/employee/time-entries", {
    date: "2026-11-16",
    startTime: "08:00",
    endTime: "12:00",
    type: "NAP",
  }],
  // A missing field.
  ["POST", "/employee/time-entries", {}],
  ["POST", "/employee/profile/change-requests", { field: "iban" }],
  ["POST", "/employee/push-devices", { token: long(20) }],
  // Dates that are none or do not exist.
  ["POST", "/employee/leave/requests/preview", {
    leaveType: "VACATION",
    startDate: "tomorrow",
    endDate: "2027-02-16",
  }],
  [
    "POST",
    "/employee/leave/requests/preview",
    { leaveType: "VACATION", startDate: "2027-02-29", endDate: "2027-03-01" },
  ],
  ["GET", "/employee/time-entries?from=2026-13-01&to=2026-13-02", undefined],
  // A cursor that is none.
  ["GET", "/employee/time-entries?cursor=garbage", undefined],
  ["GET", "/employee/leave/requests?cursor=garbage", undefined],
  // Requests a service refuses after the schema: a range the wrong way round, a day too far, a bad bound.
  ["GET", "/employee/time-entries?from=2026-11-18&to=2026-11-01", undefined],
  ["POST", "/employee/leave/requests/preview", {
    leaveType: "VACATION",
    startDate: "2027-02-16",
    endDate: "2027-02-15",
  }],
  ["POST", "/employee/sick-leave/preview", { startDate: "2026-11-16", degree: 0 }],
  ["GET", "/employee/time-entries?limit=abc", undefined],
  ["GET", "/employee/time-entries?limit=0", undefined],
  // An address or a method the portal does not have.
  ["GET", "/employee/nothing-here", undefined],
  ["DELETE", "/employee/profile", undefined],
  // Malformed JSON, and a record that is not there.
  ["POST", "/employee/time-entries", "{not json"],
  ["PATCH", "/employee/time-entries/none", { totalHours: 2 }],
];

/**
 * [method, path, body, field, rule, parameters]: answers that must say the rule broken, not another one (a
 * schema's wording of a wrong type once stood for its length checks too: "must be a string" for a token too
 * short).
 */
const SAYS: [string, string, unknown, string, keyof typeof MESSAGES, Record<string, number>][] = [
  ["POST", "/employee/push-devices", { platform: "FCM", token: "short" }, "body.token", "rule.minChars", {
    min: 16,
  }],
  ["POST", "/employee/push-devices", { platform: "FCM", token: long(4097) }, "body.token", "rule.maxChars", {
    max: 4096,
  }],
  [
    "POST",
    "/employee/profile/change-requests",
    { field: "IBAN", value: long(501) },
    "body.value",
    "rule.maxChars",
    {
      max: 500,
    },
  ],
  [
    "POST",
    "/auth/sessions",
    { email: "employee@demo.example", password: long(1025) },
    "body.password",
    "rule.maxChars",
    {
      max: 1024,
    },
  ],
  [
    "POST",
    "/employee/time-entries",
    { date: "2026-11-16", startTime: "08:00", endTime: "12:00", breakMinutes: 7.5 },
    "body.breakMinutes",
    "jsonType.int",
    {},
  ],
];

/** [tool, arguments]: every wrong type the connector's schemas can meet, and values its rules refuse. */
const CONNECTOR: [string, unknown][] = [
  ["prepare_time_entry", { date: 20261116, start_time: "08:00", end_time: "12:00" }],
  ["prepare_time_entry", { date: "2026-11-16", start_time: true, end_time: "12:00" }],
  ["prepare_time_entry", { date: "2026-11-16", start_time: "08:00", end_time: null }],
  ["prepare_time_entry", { date: "2026-11-16", start_time: "08:00", end_time: "12:00", break_minutes: "30" }],
  ["prepare_time_entry", { date: "2026-11-16", start_time: "08:00", end_time: "12:00", break_minutes: 7.5 }],
  ["prepare_time_entry", { date: "2026-11-16", start_time: "08:00", end_time: "12:00", break_minutes: [30] }],
  ["prepare_time_entry", { date: "2026-11-16", start_time: "08:00", end_time: "12:00", type: { a: 1 } }],
  ["prepare_time_entry", { date: "2026-11-16", start_time: "08:00", end_time: "12:00", type: "NAP" }],
  ["prepare_time_entry", { date: "2026-11-16", start_time: "08:00" }],
  ["prepare_time_entry", { date: "2026-02-30", start_time: "08:00", end_time: "12:00" }],
  ["prepare_time_entry", { date: "2026-11-16", start_time: "08:00", end_time: "12:00", mood: "good" }],
  ["list_my_time_entries", { from: "2026-11-01", to: "2026-11-18", include_free_text: "yes" }],
  ["list_my_time_entries", { from: "2026-11-01", to: "2026-11-18", limit: "ten" }],
  ["list_my_time_entries", { from: "2026-11-01", to: "2026-11-18", cursor: "garbage" }],
  ["list_my_time_entries", { from: "1899-01-01", to: "2026-11-18" }],
  ["prepare_sick_report", { start_date: "2026-11-16", degree: "half" }],
  ["prepare_sick_report", { start_date: "2026-11-16", degree: 120 }],
  ["prepare_leave_request", { leave_type: 7, start_date: "2027-02-15", end_date: "2027-02-16" }],
  ["prepare_leave_request", { leave_type: "", start_date: "2027-02-15", end_date: "2027-02-16" }],
  ["withdraw_leave_request", { request_id: 42 }],
  ["withdraw_leave_request", {}],
  ["get_public_holidays", { year: "2026" }],
  ["commit_time_entry", { preview_id: false }],
  ["commit_time_entry", { preview_id: "nope" }],
  // A tool the role cannot use.
  ["list_employees", {}],
];

/** What in a text betrays English (or a text never written out), once the names it quotes are taken out. */
function betrayal(text: string, lang: Lang, names: readonly string[]): string | undefined {
  if (/\{\w+\}/.test(text)) return "an unfilled parameter";
  const id = Object.keys(MESSAGES).find((k) => text.includes(k));
  if (id) return `the catalogue id ${id}`;
  if (lang === "en") return undefined;
  let plain = text;
  for (const n of names) plain = plain.replaceAll(n, " ");
  return TELL_TALE_RE.exec(plain)?.[0];
}

/** The names a request or call uses (fields, query keys, values), which a refusal may quote as they are. */
function namesIn(...values: unknown[]): string[] {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === "string") out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        out.add(k);
        walk(x);
      }
    }
  };
  values.forEach(walk);
  return [...out].filter((n) => n.length > 1).sort((a, b) => b.length - a.length);
}

Deno.test({
  name: "refusals: no English in any refusal of the portal or the connector, in German, French and Italian",
  ...E2E,
  fn: async (t) => {
    const s = await startMcpServer({ now: "2026-11-18T10:00:00+01:00" });
    try {
      const email = "employee@demo.example";
      const token = await s.t.signIn(email);
      const grant = await s.grant("employee");
      // A connection the person allowed to read only: a write is refused for its scope.
      const readOnly = await s.grant("employee", { scopes: ["self:read"] });
      const [u] = await s.t.deps.db.select().from(users).where(eq(users.email, email));
      for (const lang of LANGS) {
        await s.t.deps.db.update(users).set({ language: lang }).where(eq(users.id, u.id));
        await t.step(`portal over HTTP, ${lang}`, async () => {
          const found: string[] = [];
          for (const [method, path, body] of PORTAL) {
            const r = await fetch(`${s.origin}${P}${path}`, {
              method,
              headers: {
                authorization: `Bearer ${token}`,
                "accept-language": lang,
                ...(body === undefined ? {} : { "content-type": "application/json" }),
              },
              ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
            });
            const answer = await r.json() as {
              error?: string;
              fields?: { field: string; message: string }[];
            };
            const what = `${method} ${path} ${typeof body === "string" ? body : JSON.stringify(body) ?? ""}`;
            assert.ok(r.status >= 400 && r.status < 500, `${what}: refused, not ${r.status}`);
            assert.equal(typeof answer.error, "string", `${what}: an error text`);
            const names = namesIn(
              body,
              Object.fromEntries(new URL(path, "http://x").searchParams),
              (answer.fields ?? []).map((f) => f.field.split(".")),
            );
            for (const text of [answer.error!, ...(answer.fields ?? []).map((f) => f.message)]) {
              const bad = betrayal(text, lang, names);
              if (bad) found.push(`${what} → "${text}" (${bad})`);
            }
          }
          for (const [method, path, body, field, id, params] of SAYS) {
            const r = await fetch(`${s.origin}${P}${path}`, {
              method,
              headers: {
                authorization: `Bearer ${token}`,
                "accept-language": lang,
                "content-type": "application/json",
              },
              body: JSON.stringify(body),
            });
            const answer = await r.json() as { fields?: { field: string; message: string }[] };
            const said = answer.fields?.find((f) => f.field === field)?.message ?? JSON.stringify(answer);
            const meant = say(id, lang, params);
            if (!said.includes(meant)) {
              found.push(`${method} ${path} ${field}: "${said}" does not say "${meant}"`);
            }
          }
          assert.deepEqual(found, [], `refusals for a ${lang} reader`);
        });
        await t.step(`connector, ${lang}`, async () => {
          const found: string[] = [];
          const calls: [string, unknown, string][] = [
            ...CONNECTOR.map(([name, args]): [string, unknown, string] => [name, args, grant.token]),
            [
              "prepare_time_entry",
              { date: "2026-11-16", start_time: "08:00", end_time: "12:00" },
              readOnly.token,
            ],
          ];
          for (const [name, args, bearer] of calls) {
            const r = await s.post({
              jsonrpc: "2.0",
              id: 1,
              method: "tools/call",
              params: { name, arguments: args },
            }, { token: bearer });
            const { result, error } = await r.json();
            const what = `${name} ${JSON.stringify(args)}`;
            assert.equal(error, undefined, `${what}: a tool error, not ${JSON.stringify(error)}`);
            assert.equal(result.isError, true, `${what}: refused, not ${JSON.stringify(result)}`);
            const text = result.content[0].text as string;
            const bad = betrayal(text, lang, namesIn(args));
            if (bad) found.push(`${what} → "${text}" (${bad})`);
          }
          assert.deepEqual(found, [], `tool refusals for a ${lang} reader`);
        });
      }
    } finally {
      await s.close();
    }
  },
});
