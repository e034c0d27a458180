/**
 * HR sees leave balances in the console: the person page's balance per leave type (the portal's figures, a
 * year selector, the corrections with date, days, reason and who), the leave overview (who is away when, per
 * day and department, half days as morning or afternoon) and the upload of opening balances, all or nothing,
 * refusals in the HR person's language. On the demo (whose HR person reads French) and on an organisation
 * set up by commands.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { buildByCommands } from "../_command_org.ts";
import { leaveAdjustments } from "../../src/db/schema/mod.ts";
import { csrfOn, post, postFiles, session } from "./_console.ts";

function upload(t: TestApp, cookie: Record<string, string>, csrf: string, text: string | null) {
  const files = { file: text === null ? undefined : new File([text], "opening.csv", { type: "text/csv" }) };
  return t.request("/hr/leave/opening", postFiles(cookie, { csrf }, files));
}

/** The balance table's row of a leave type, as numbers by column. */
function balanceRow(html: string, code: string): Record<string, string> {
  const row = new RegExp(`<tr data-type="${code}">([\\s\\S]*?)</tr>`).exec(html);
  assert.ok(row, `a row for ${code}`);
  return Object.fromEntries(
    [...row[1].matchAll(/<td data-col="(\w+)">([^<]*)<\/td>/g)].map((m) => [m[1], m[2]]),
  );
}

async function portalVacation(t: TestApp, token: string, year?: number) {
  const r = await t.request(`/api/v1/portal/employee/leave/balances${year ? `?year=${year}` : ""}`, {
    token,
  });
  const body = await r.json();
  return body.data.balances.find((b: { leaveType: { code: string } }) => b.leaveType.code === "VACATION");
}

function figures(v: Record<string, number | null>) {
  const s = (n: number | null) => String(n);
  return {
    entitlement: s(v.entitlement),
    available: s(v.available),
    used: s(v.used),
    planned: s(v.planned),
    pending: s(v.pending),
    remaining: s(v.remaining),
  };
}

Deno.test("console leave: the person page shows the portal's balance, a year selector and who corrected what", async () => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const lukas = await t.signIn("employee@demo.example");
    const page = await (await t.request("/hr/people/GW-013", { headers: cookie })).text();
    assert.match(page, /<h2 id="balance">Solde de vacances et d&#39;absences<\/h2>/);
    assert.match(
      page,
      /<a href="\/hr\/leave\/overview"\s*>Vue d&#39;ensemble des absences<\/a>/,
      "in the navigation",
    );
    const shown = balanceRow(page, "VACATION");
    const v = await portalVacation(t, lukas);
    const { carryOver: _c, adjustments: _a, ...row } = shown;
    assert.deepEqual(row, figures(v));

    const last = await (await t.request("/hr/people/GW-013?year=2025", { headers: cookie })).text();
    assert.match(last, /<caption class="muted">2025<\/caption>/);
    const { carryOver: _c2, adjustments: _a2, ...row2025 } = balanceRow(last, "VACATION");
    assert.deepEqual(row2025, figures(await portalVacation(t, lukas, 2025)));

    const csrf = await csrfOn(t, cookie, "/hr/people/GW-013");
    const corrected = await t.request(
      "/hr/people/GW-013/correction",
      post(cookie, { csrf, type: "VACATION", year: "2027", days: "2", note: "Jour d'ancienneté" }),
    );
    assert.equal(corrected.status, 200);
    const after = await corrected.text();
    assert.match(after, /<caption class="muted">2027<\/caption>/, "the corrected year is shown");
    assert.match(
      after,
      /<td>18\.11\.2026<\/td><td>\+2<\/td><td>Jour d&#39;ancienneté<\/td><td>hr@demo\.example<\/td>/,
    );
    assert.equal(balanceRow(after, "VACATION").adjustments, "2");
  } finally {
    t.close();
  }
});

Deno.test("console leave: the overview lists who is away per day and department, half days named", async () => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const lukas = await t.signIn("employee@demo.example");
    const filed = await t.request("/api/v1/portal/employee/leave/requests", {
      method: "POST",
      token: lukas,
      json: {
        leaveType: "VACATION",
        startDate: "2026-12-02",
        endDate: "2026-12-03",
        startPortion: "AFTERNOON",
        endPortion: "MORNING",
      },
    });
    assert.equal(filed.status, 201, await filed.clone().text());
    await filed.body?.cancel();

    const r = await t.request("/hr/leave/overview?month=2026-12", { headers: cookie });
    assert.equal(r.status, 200);
    const html = await r.text();
    assert.match(html, /<a href="\/hr\/leave\/overview" aria-current="page">/);
    const day = (date: string) =>
      new RegExp(`<h2 id="d${date}">[^<]*</h2>([\\s\\S]*?)</section>`).exec(html)?.[1] ?? "";
    assert.match(html, /<h2 id="d2026-12-02">me 02\.12\.2026<\/h2>/);
    assert.match(day("2026-12-02"), /Lukas Gerber<\/a> · Vacances · après-midi \(pas encore approuvé\)/);
    assert.match(day("2026-12-03"), /Lukas Gerber<\/a> · Vacances · matin \(pas encore approuvé\)/);
    assert.doesNotMatch(day("2026-12-04"), /Lukas Gerber/);
    // A list per day, with no table wider than a phone.
    assert.doesNotMatch(html.slice(html.indexOf("<h1>"), html.indexOf('id="opening"')), /<table/);

    // Lukas's department: the filter keeps him; another department's list does not show him.
    const options = [...html.matchAll(/<option[^>]*value="([^"]+)"/g)].map((m) => m[1]);
    assert.ok(options.length >= 2, "the demo has departments");
    const his = /<h3>([^<]+)<\/h3>\s*<ul>(?:(?!<\/ul>)[\s\S])*Lukas Gerber/.exec(day("2026-12-02"))?.[1];
    assert.ok(his && options.includes(his), "he is listed under his department");
    const mine =
      await (await t.request(`/hr/leave/overview?month=2026-12&department=${encodeURIComponent(his)}`, {
        headers: cookie,
      })).text();
    assert.match(mine, /Lukas Gerber/);
    const other = options.find((o) => o !== his)!;
    const theirs = await (await t.request(
      `/hr/leave/overview?month=2026-12&department=${encodeURIComponent(other)}`,
      { headers: cookie },
    )).text();
    assert.doesNotMatch(theirs, /Lukas Gerber/);

    const bad = await t.request("/hr/leave/overview?month=2026-13", { headers: cookie });
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /mois : un mois AAAA-MM, reçu « 2026-13 »/);

    const employee = await t.request("/hr/leave/overview", { headers: { Cookie: `hr_session=${lukas}` } });
    assert.equal(employee.status, 403, "not for employees");
    await employee.body?.cancel();
  } finally {
    t.close();
  }
});

Deno.test("console leave: opening balances are uploaded all or nothing, refused in French, shown on the person page", async () => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOn(t, cookie, "/hr/leave/overview");
    const before = (await t.deps.db.select().from(leaveAdjustments)).length;

    const bad = await upload(
      t,
      cookie,
      csrf,
      "personnel_number;leave_type;year;taken;carry_over\nGW-013;VACATION;2026;2;0\nNOPE;VACATION;2026;x;0\n",
    );
    assert.equal(bad.status, 400);
    const badHtml = await bad.text();
    assert.match(badHtml, /ligne 3 : personnel_number : aucune personne avec le numéro « NOPE »/);
    assert.match(badHtml, /ligne 3 : taken : un nombre de 0 à 366, reçu « x »/);
    assert.equal((await t.deps.db.select().from(leaveAdjustments)).length, before, "nothing was written");

    const none = await upload(t, cookie, csrf, null);
    assert.equal(none.status, 400);
    assert.match(await none.text(), /Veuillez choisir un fichier CSV\./);
    const forged = await upload(t, cookie, "0".repeat(64), "x");
    assert.equal(forged.status, 403);
    await forged.body?.cancel();

    const file = "\uFEFFpersonnel_number;leave_type;year;taken;carry_over\r\nGW-013;VACATION;2026;4,5;2\r\n";
    const ok = await upload(t, cookie, csrf, file);
    assert.equal(ok.status, 200);
    assert.match(await ok.text(), /Soldes d&#39;ouverture importés : 1 fixés, 0 inchangés\./);
    const again = await upload(t, cookie, csrf, file);
    assert.match(await again.text(), /Soldes d&#39;ouverture importés : 0 fixés, 1 inchangés\./);
    assert.equal((await t.deps.db.select().from(leaveAdjustments)).length, before + 2, "counted once");

    // Lukas reads German: the reasons are written in his language; HR sees who imported them.
    const page = await (await t.request("/hr/people/GW-013", { headers: cookie })).text();
    assert.match(page, /<td>\+2<\/td><td>Eröffnungssaldo: Übertrag aus 2025<\/td><td>hr@demo\.example<\/td>/);
    assert.match(
      page,
      /<td>-4\.5<\/td><td>Eröffnungssaldo: vor dem Start bereits bezogen<\/td><td>hr@demo\.example<\/td>/,
    );
  } finally {
    t.close();
  }
});

Deno.test("console leave: an organisation set up by commands shows its derived balances and takes its opening file", async () => {
  const t = await makeTestApp({ demo: false });
  const password = "Ferien-im-Berner-Oberland-2026!";
  const dir = await buildByCommands(t, {
    admin: { email: "admin@example.ch", password },
    peopleCsv: "personnel_number;first_name;last_name;canton;employment_start;birth_date;workload_percent;" +
      "working_weekdays\r\nP1;Jürg;Müller;BE;01.03.2012;15.06.1975;80;1-4\r\n",
  });
  try {
    const cookie = { Cookie: `hr_session=${await t.signIn("admin@example.ch", password)}` };
    const page = await (await t.request("/hr/people/P1", { headers: cookie })).text();
    assert.match(page, /<h2 id="balance">Ferien- und Abwesenheitssaldo<\/h2>/);
    const row = balanceRow(page, "VACATION");
    // 27 × 4/5 = 21.6, rounded up to the half day (never below the exact figure, OR Art. 329a).
    assert.equal(row.entitlement, "22");
    assert.equal(row.remaining, "22");
    assert.match(page, /Keine Korrekturen\./);

    const overview = await t.request("/hr/leave/overview", { headers: cookie });
    assert.equal(overview.status, 200);
    const html = await overview.text();
    assert.match(html, /In diesem Monat ist niemand abwesend\./);
    assert.doesNotMatch(html, /<select id="department"/, "no department filter without departments");

    const csrf = await csrfOn(t, cookie, "/hr/leave/overview");
    const ok = await upload(
      t,
      cookie,
      csrf,
      "personnel_number,leave_type,year,taken,carry_over\nP1,VACATION,2026,10,1.5\n",
    );
    assert.match(await ok.text(), /Eröffnungssalden importiert: 1 gesetzt, 0 unverändert\./);
    const after = await (await t.request("/hr/people/P1", { headers: cookie })).text();
    // 22 − 10 + 1.5
    assert.equal(balanceRow(after, "VACATION").remaining, "13.5");
    assert.match(
      after,
      /<td>-10<\/td><td>Eröffnungssaldo: vor dem Start bereits bezogen<\/td><td>admin@example\.ch<\/td>/,
    );
    const [emp] = await t.deps.db.select().from(leaveAdjustments).where(eq(leaveAdjustments.days, -10));
    assert.ok(emp, "stored as a correction");
  } finally {
    await Deno.remove(dir, { recursive: true });
    t.close();
  }
});
