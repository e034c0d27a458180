/**
 * Every input rule is said in the reader's language, by the portal and by the connector: each rule the schemas
 * word (src/i18n/messages/rules.ts) is fed its bad value in German, French, Italian and English, and no German,
 * French or Italian answer holds English, neither a rule's own wording nor zod's (too big, invalid option).
 * A rule no door can show (it words only a value of the wrong type, which each door words itself) is listed in
 * `WORDED_BY_THE_DOOR` with why, so none is left out silently.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { json } from "../_helpers.ts";
import { E2E, startMcpServer } from "../mcp/_harness.ts";
import { users } from "../../src/db/schema/mod.ts";
import { RULE_MESSAGES } from "../../src/i18n/messages/rules.ts";

type Lang = "de" | "fr" | "it" | "en";
const LANGS: Lang[] = ["de", "fr", "it", "en"];
const P = "/api/v1/portal";
const long = (n: number) => "x".repeat(n);

/** Rules that word only a value of the wrong type: the doors say "expected a text, not a number" themselves. */
const WORDED_BY_THE_DOOR: Record<string, string> = {
  "rule.string": "the type of a field (the door's own sentence: expected a text)",
  "rule.stringOrNull": "the type of a field",
  "rule.number": "the type of a field",
  "rule.date": "the type of a date field (a date that is a text but not a date is rule.dateExists)",
  "rule.time": "the type of a time field (a text that is no time is rule.timeRange)",
  "rule.wholeMinutes": "the type of a break (a fraction or a text)",
  "rule.wholePercent": "the type of a degree",
};

/** Rules neither door takes a value for here, and why. */
const NOT_FED: Record<string, string> = {
  "rule.weekdaysOnce":
    "working days are set by HR (console, employee file), not through the portal or connector",
  "rule.codeChallenge":
    "the app sign-on routes exist only with an upstream identity provider, not started here",
  "rule.codeVerifier":
    "the app sign-on routes exist only with an upstream identity provider, not started here",
};

/** [rule, method, path, body or undefined, the answer's field]: one bad value per rule, as a phone app sends it. */
const PORTAL: [string, string, string, unknown, string][] = [
  ["rule.phone", "PATCH", "/employee/profile", { phone: "call me" }, "body.phone"],
  ["rule.email", "PATCH", "/employee/profile", { privateEmail: "not an address" }, "body.privateEmail"],
  [
    "rule.postalCode",
    "PATCH",
    "/employee/profile",
    { addressPostalCode: "3011/12" },
    "body.addressPostalCode",
  ],
  ["rule.countryCode", "PATCH", "/employee/profile", { addressCountry: "CHE" }, "body.addressCountry"],
  ["rule.maxChars", "PATCH", "/employee/profile", { addressStreet: long(201) }, "body.addressStreet"],
  ["rule.minChars", "POST", "/employee/push-devices", { platform: "FCM", token: "short" }, "body.token"],
  ["rule.either", "PATCH", "/employee/profile", { language: "rm" }, "body.language"],
  ["rule.oneOf", "POST", "/employee/profile/change-requests", { field: "salary", value: "1" }, "body.field"],
  ["rule.notEmpty", "POST", "/employee/profile/change-requests", { field: "iban", value: " " }, "body.value"],
  ["rule.dateExists", "GET", "/employee/time-entries?from=2026-02-30", undefined, "query.from"],
  ["rule.dateRange", "GET", "/employee/time-entries?from=1899-12-31", undefined, "query.from"],
  ["rule.dateTime", "GET", "/employee/time-entries?updatedSince=yesterday", undefined, "query.updatedSince"],
  ["rule.wholeFromTo", "GET", "/employee/time-entries?limit=51", undefined, "query.limit"],
  ["rule.boolean", "GET", "/employee/notifications?unread=perhaps", undefined, "query.unread"],
  [
    "rule.timeRange",
    "POST",
    "/employee/time-entries",
    { date: "2026-11-16", startTime: "25:00", endTime: "26:00" },
    "body.startTime",
  ],
  [
    "rule.projectCode",
    "POST",
    "/employee/time-entries",
    { date: "2026-11-16", startTime: "08:00", endTime: "12:00", projectCode: "a b / c" },
    "body.projectCode",
  ],
  [
    "rule.atMost",
    "POST",
    "/employee/time-entries",
    { date: "2026-11-16", startTime: "08:00", endTime: "12:00", breakMinutes: 1441 },
    "body.breakMinutes",
  ],
  [
    "rule.atLeast",
    "POST",
    "/employee/time-entries",
    { date: "2026-11-16", startTime: "08:00", endTime: "12:00", breakMinutes: -1 },
    "body.breakMinutes",
  ],
  [
    "rule.leaveTypeCode",
    "POST",
    "/employee/leave/requests/preview",
    { leaveType: "", startDate: "2027-02-15", endDate: "2027-02-16" },
    "body.leaveType",
  ],
  ["rule.between", "PATCH", "/employee/time-entries/none", { totalHours: 25 }, "body.totalHours"],
  ["rule.literal", "POST", "/employee/sick-leave/end", { action: "stop", entryId: "x" }, "body.action"],
  [
    "rule.fromTo",
    "POST",
    "/employee/sick-leave/preview",
    { startDate: "2026-11-16", degree: 120 },
    "body.degree",
  ],
];

/** English as the schemas and zod say it, none of which may appear in a German, French or Italian answer. */
const ENGLISH = [
  ...Object.values(RULE_MESSAGES).map((t) =>
    new RegExp(t.en.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}/g, ".*?"))
  ),
  /\bmust\b/,
  /\bToo (big|small)\b/,
  /\bInvalid (input|option|string|format|value)\b/,
  /\bexpected\b/,
];

function english(text: string): string | undefined {
  return ENGLISH.find((re) => re.test(text))?.source;
}

Deno.test({
  name: "rule wording: every rule's bad value through the portal and the connector, in every language",
  ...E2E,
  fn: async (t) => {
    const s = await startMcpServer({ now: "2026-11-18T10:00:00+01:00" });
    try {
      const app = s.t;
      const email = "employee@demo.example";
      const token = await app.signIn(email);
      const grant = await s.grant("employee");
      const covered = new Set<string>();
      const [u] = await app.deps.db.select().from(users).where(eq(users.email, email));
      for (const lang of LANGS) {
        await app.deps.db.update(users).set({ language: lang }).where(eq(users.id, u.id));
        await t.step(`portal, ${lang}`, async () => {
          const found: string[] = [];
          for (const [id, method, path, body, field] of PORTAL) {
            const r = await app.request(`${P}${path}`, {
              method,
              token,
              ...(body === undefined ? {} : { json: body }),
              headers: { "accept-language": lang },
            });
            const answer = await json(r);
            assert.equal(answer.status, 400, `${id} ${method} ${path}: ${JSON.stringify(answer.body)}`);
            const f = (answer.body.fields as { field: string; message: string }[]).find((x) =>
              x.field === field
            );
            assert.ok(f, `${id}: ${field} in ${JSON.stringify(answer.body)}`);
            const rule = RULE_MESSAGES[id as keyof typeof RULE_MESSAGES];
            const head = rule[lang].split("{")[0];
            assert.ok(f.message.includes(head), `${id} (${lang}): "${head}" in "${f.message}"`);
            if (lang !== "en") {
              const en = english(f.message);
              if (en) found.push(`${id}: ${f.message}`);
            }
            covered.add(id);
          }
          assert.deepEqual(found, [], `English in ${lang} answers`);
        });
        await t.step(`connector, ${lang}`, async () => {
          const calls: [string, Record<string, unknown>][] = [
            ["prepare_time_entry", { date: "2026-02-30", start_time: "08:00", end_time: "12:00" }],
            ["prepare_time_entry", { date: "2026-11-16", start_time: "25:00", end_time: "12:00" }],
            ["prepare_time_entry", {
              date: "2026-11-16",
              start_time: "08:00",
              end_time: "12:00",
              project_code: "a b / c",
            }],
            ["prepare_time_entry", {
              date: "2026-11-16",
              start_time: "08:00",
              end_time: "12:00",
              break_minutes: 2000,
            }],
            ["prepare_time_entry", {
              date: "2026-11-16",
              start_time: "08:00",
              end_time: "12:00",
              type: "NAP",
            }],
            ["list_my_time_entries", { from: "1899-01-01", to: "2026-11-18" }],
            ["list_my_time_entries", { from: "2026-11-01", to: "2026-11-18", limit: 1000 }],
            ["prepare_leave_request", { leave_type: "", start_date: "2027-02-15", end_date: "2027-02-16" }],
          ];
          const found: string[] = [];
          for (const [name, args] of calls) {
            const r = await s.post({
              jsonrpc: "2.0",
              id: 1,
              method: "tools/call",
              params: { name, arguments: args },
            }, { token: grant.token });
            const { result } = await r.json();
            assert.equal(result.isError, true, `${name} ${JSON.stringify(args)}: ${JSON.stringify(result)}`);
            const text = result.content[0].text as string;
            if (lang !== "en" && english(text)) found.push(`${name} ${JSON.stringify(args)}: ${text}`);
          }
          assert.deepEqual(found, [], `English in ${lang} tool refusals`);
        });
      }
      const left = Object.keys(RULE_MESSAGES).filter((id) =>
        !covered.has(id) && !(id in WORDED_BY_THE_DOOR) && !(id in NOT_FED)
      );
      assert.deepEqual(left, [], "every rule fed through a door or listed as worded by the door");
    } finally {
      await s.close();
    }
  },
});
