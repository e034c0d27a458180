/**
 * HR's side of a month on the fixture organisation (`tests/_fixture_org.ts`: built by the README's commands
 * from a configuration file and an Excel-CH employee file), read by an HR person whose console speaks German
 * (Thomas Huber, V07, added with `user add --role hr`): what the console says in German, how it dates a
 * request, and the headings of its tables.
 */
import assert from "node:assert/strict";
import { addAccounts, buildFixtureOrg, personPassword } from "../_fixture_org.ts";
import type { TestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { post } from "./_console.ts";
import { csrf, HR_PN, hrCookie, textOf } from "./_hr_side.ts";

Deno.test("console in German: a vacation-policy step that is not one is refused in German", async () => {
  const t = await buildFixtureOrg();
  try {
    await addAccounts(t, [[HR_PN, "hr"]]);
    const cookie = await hrCookie(t);
    const before = await t.deps.database.client.execute(
      "SELECT entitlement_steps FROM leave_types WHERE code = 'VACATION'",
    );
    const r = await t.request(
      "/hr/leave",
      post(cookie, {
        csrf: await csrf(t, cookie, "/hr/leave"),
        code: "VACATION",
        base_days: "25",
        steps: "ab 50: 27",
      }),
    );
    assert.equal(r.status, 400);
    const text = textOf(await r.text());
    assert.match(
      text,
      /Eine Stufe schreibt sich «age>=50:27» oder «service>=10:27» \(Tage ab dann\), nicht «ab 50: 27»/,
    );
    assert.doesNotMatch(text, /a step is written/);
    const after = await t.deps.database.client.execute(
      "SELECT entitlement_steps FROM leave_types WHERE code = 'VACATION'",
    );
    assert.deepEqual(after.rows, before.rows, "nothing changed");
  } finally {
    t.close();
  }
});

Deno.test("console inbox: a change request is dated 18.11.2026, and every column has a heading", async () => {
  const t = await buildFixtureOrg();
  try {
    await addAccounts(t, [[HR_PN, "hr"], ["V03", "employee"]]);
    const sara = await t.signIn("sara.pellegrini@ceresio.example", personPassword("V03"));
    const change = await t.request("/api/v1/portal/employee/profile/change-requests", {
      method: "POST",
      token: sara,
      json: { field: "IBAN", value: "CH93 0076 2011 6238 5295 7" },
    });
    assert.equal(change.status, 201, await change.clone().text());
    const html = await (await t.request("/hr/inbox", { headers: await hrCookie(t) })).text();
    const row = /<tr>(?:(?!<\/tr>)[\s\S])*CH9300762011623852957[\s\S]*?<\/tr>/.exec(html)?.[0] ?? "";
    assert.match(textOf(row), /18\.11\.2026/);
    assert.doesNotMatch(row, /2026-11-18/);
    assert.doesNotMatch(html, /<th scope="col"><\/th>/, "no heading without text");
    assert.match(textOf(html), /Entscheid/);
  } finally {
    t.close();
  }
});

/** One value of the test's database. */
async function value(t: TestApp, sql: string, args: (string | number)[] = []): Promise<unknown> {
  return (await t.deps.database.client.execute({ sql, args })).rows[0]?.[0];
}

/** The inbox's row of the stranded request whose person is `name`, as text ("" when there is none). */
function strandedRow(html: string, name: string): string {
  const table = /<h2 id="stranded">[\s\S]*?(?=<h2 id="sick">)/.exec(html)?.[0] ?? "";
  return textOf(
    [...table.matchAll(/<tr>[\s\S]*?<\/tr>/g)].map((m) => m[0]).find((r) => r.includes(name)) ?? "",
  );
}

Deno.test("console inbox: a request waiting for a manager who cannot act is HR's to decide or route", async (ctx) => {
  const t = await buildFixtureOrg();
  try {
    // Sara (V03) has an account; her manager Matteo Cattaneo (V02) has none yet.
    await addAccounts(t, [[HR_PN, "hr"], ["V03", "employee"]]);
    const sara = await t.signIn("sara.pellegrini@ceresio.example", personPassword("V03"));
    const file = async (startDate: string, endDate: string) => {
      const r = await t.request("/api/v1/portal/employee/leave/requests", {
        method: "POST",
        token: sara,
        json: { leaveType: "VACATION", startDate, endDate },
      });
      assert.equal(r.status, 201, await r.clone().text());
      return (await r.json()).data.id as string;
    };
    const first = await file("2027-01-11", "2027-01-14");
    const second = await file("2027-02-08", "2027-02-11");
    const matteo = await value(t, "SELECT id FROM employees WHERE personnel_number = 'V02'");
    assert.equal(
      await value(t, "SELECT approver_employee_id FROM leave_requests WHERE id = ?", [first]),
      matteo,
    );
    const cookie = await hrCookie(t);
    const inbox = async () => await (await t.request("/hr/inbox", { headers: cookie })).text();

    await ctx.step("without an account: listed with why, in German", async () => {
      const row = strandedRow(await inbox(), "Sara Pellegrini");
      assert.match(row, /Sara Pellegrini/);
      assert.match(row, /11\.01\.2027 – 14\.01\.2027/);
      assert.match(row, /Matteo Cattaneo \(V02\) hat kein Konto/);
    });

    await ctx.step("invited but never activated: still listed, with that reason", async () => {
      const inv = await cli(t, [
        "user",
        "invite",
        "--email",
        "matteo.cattaneo@ceresio.example",
        "--role",
        "manager",
        "--employee",
        "V02",
      ]);
      assert.equal(inv.code, 0, inv.err);
      assert.match(
        strandedRow(await inbox(), "Sara Pellegrini"),
        /Matteo Cattaneo \(V02\) hat die Einladung nie angenommen/,
      );
    });

    await ctx.step(
      "routing to someone who cannot act either, or to Sara herself, is refused; nothing changes",
      async () => {
        for (
          const [to, said] of [
            ["V02", /Matteo Cattaneo hat die Einladung noch nicht angenommen und sähe das Gesuch nicht/],
            ["V01", /Alessandra Fontana hat kein Konto und sähe das Gesuch nie/],
            ["V03", /Niemand entscheidet sein eigenes Gesuch/],
            ["V99", /Niemand hat die Personalnummer «V99»/],
          ] as const
        ) {
          const r = await t.request(
            `/hr/inbox/leave/${first}/route`,
            post(cookie, { csrf: await csrf(t, cookie, "/hr/inbox"), approver: to }),
          );
          assert.equal(r.status, 400, to);
          assert.match(textOf(await r.text()), said, to);
          assert.equal(
            await value(t, "SELECT approver_employee_id FROM leave_requests WHERE id = ?", [first]),
            matteo,
            `${to}: nothing changed`,
          );
        }
      },
    );

    await ctx.step(
      "routed to Andrea Keller, who can act: she is told and sees it; it leaves HR's list",
      async () => {
        await addAccounts(t, [["V08", "manager"]]);
        const page = await inbox();
        assert.match(page, /<option value="V08"[^>]*>Keller Andrea \(V08\)<\/option>/);
        assert.doesNotMatch(page, /<option value="V02"/, "only people who can act are offered");
        const r = await t.request(
          `/hr/inbox/leave/${first}/route`,
          post(cookie, { csrf: await csrf(t, cookie, "/hr/inbox"), approver: "V08" }),
        );
        assert.equal(r.status, 200);
        const after = await r.text();
        assert.match(textOf(after), /Das Gesuch ist an Andrea Keller weitergeleitet/);
        const andrea = await value(t, "SELECT id FROM employees WHERE personnel_number = 'V08'");
        assert.equal(
          await value(t, "SELECT approver_employee_id FROM leave_requests WHERE id = ?", [first]),
          andrea,
        );
        assert.equal(
          await value(
            t,
            "SELECT count(*) FROM notifications WHERE recipient_employee_id = ? AND kind = 'LEAVE_REQUEST_FILED'",
            [String(andrea)],
          ),
          1,
        );
        assert.equal(strandedRow(after, "11.01.2027"), "");
        const token = await t.signIn("andrea.keller@ceresio.example", personPassword("V08"));
        const queue = await (await t.request("/api/v1/portal/approvals/leave-requests", { token })).json();
        assert.deepEqual(queue.data.items.map((i: { request: { id: string } }) => i.request.id), [first]);
      },
    );

    await ctx.step("HR decides the other one itself, as a manager would", async () => {
      assert.match(strandedRow(await inbox(), "08.02.2027"), /Sara Pellegrini/);
      const r = await t.request(
        `/hr/inbox/leave/${second}`,
        post(cookie, { csrf: await csrf(t, cookie, "/hr/inbox"), decision: "APPROVE", note: "" }),
      );
      assert.equal(r.status, 200);
      assert.equal(await value(t, "SELECT status FROM leave_requests WHERE id = ?", [second]), "APPROVED");
      assert.match(strandedRow(await r.text(), "Sara"), /^$/);
    });

    await ctx.step("a deactivated approver's request comes back to HR", async () => {
      const third = await file("2027-03-08", "2027-03-08");
      await t.deps.database.client.execute({
        sql:
          "UPDATE leave_requests SET approver_employee_id = (SELECT id FROM employees WHERE personnel_number = 'V08') WHERE id = ?",
        args: [third],
      });
      assert.equal(strandedRow(await inbox(), "08.03.2027"), "");
      const off = await cli(t, ["user", "deactivate", "--email", "andrea.keller@ceresio.example"]);
      assert.equal(off.code, 0, off.err);
      assert.match(strandedRow(await inbox(), "08.03.2027"), /Andrea Keller \(V08\) Konto deaktiviert/);
    });
  } finally {
    t.close();
  }
});

Deno.test("console forms: a new person and a school-holiday file default to the organisation's canton; a new person gets a manager", async () => {
  const t = await buildFixtureOrg();
  try {
    await addAccounts(t, [[HR_PN, "hr"]]);
    const cookie = await hrCookie(t);
    // Vetreria Ceresio's head office is in Ticino (tests/fixtures/org.yaml, settings.canton: TI).
    const people = await (await t.request("/hr/people", { headers: cookie })).text();
    const canton = /<select id="canton" name="canton"[^>]*>[\s\S]*?<\/select>/.exec(people)?.[0] ?? "";
    assert.match(canton, /value="TI" selected>/);
    assert.doesNotMatch(canton, /value="ZH" selected/);
    const calendar = await (await t.request("/hr/calendar", { headers: cookie })).text();
    const school = /<select id="scanton" name="canton"[^>]*>[\s\S]*?<\/select>/.exec(calendar)?.[0] ?? "";
    assert.match(school, /value="TI" selected>/);

    assert.match(people, /<label for="manager">Vorgesetzte Person<\/label>/);
    const r = await t.request(
      "/hr/people",
      post(cookie, {
        csrf: await csrf(t, cookie, "/hr/people"),
        personnel_number: "V14",
        first_name: "Marco",
        last_name: "Bianchi",
        work_email: "marco.bianchi@ceresio.example",
        language: "it",
        canton: "TI",
        employment_start: "2027-01-04",
        workload_percent: "100",
        weekday: ["1", "2", "3", "4", "5"],
        manager_personnel_number: "V02",
        role: "employee",
        invite: "no",
      }),
    );
    assert.equal(r.status, 200, textOf(await r.text()).slice(0, 400));
    assert.equal(
      await value(
        t,
        "SELECT m.personnel_number FROM employees e JOIN employees m ON m.id = e.manager_id WHERE e.personnel_number = 'V14'",
      ),
      "V02",
    );
    // A manager nobody has is refused with the record's own problem, and nobody is added.
    const bad = await t.request(
      "/hr/people",
      post(cookie, {
        csrf: await csrf(t, cookie, "/hr/people"),
        personnel_number: "V15",
        first_name: "Ada",
        last_name: "Neri",
        canton: "TI",
        employment_start: "2027-01-04",
        workload_percent: "100",
        weekday: ["1", "2", "3", "4", "5"],
        manager_personnel_number: "V77",
        role: "employee",
        invite: "no",
      }),
    );
    assert.equal(bad.status, 400);
    assert.match(textOf(await bad.text()), /V77/);
    assert.equal(await value(t, "SELECT count(*) FROM employees WHERE personnel_number = 'V15'"), 0);
  } finally {
    t.close();
  }
});

Deno.test("invite everyone not yet invited: the console invites each in their language, managers as managers; user list tells invited, active and never invited", async () => {
  const t = await buildFixtureOrg();
  try {
    await addAccounts(t, [[HR_PN, "hr"], ["V03", "employee"]]);
    const before = await cli(t, ["user", "list"]);
    assert.equal(before.code, 0, before.err);
    assert.match(before.out, /sara\.pellegrini@ceresio\.example +employee +active/);
    assert.match(before.out, /matteo\.cattaneo@ceresio\.example +never invited +V02 Matteo Cattaneo/);
    assert.doesNotMatch(before.out, /V13/, "Reto Gisler left in 2025: nobody invites him");
    assert.match(
      before.out,
      /3 account\(s\): 3 active, 0 invited \(no password yet\), 0 deactivated; 10 person\(s\) never invited\./,
    );

    const cookie = await hrCookie(t);
    const page = await (await t.request("/hr/people", { headers: cookie })).text();
    assert.match(textOf(page), /10 Person\(en\) ohne Konto, davon 0 ohne geschäftliche E-Mail-Adresse/);
    const r = await t.request(
      "/hr/people/invite-all",
      post(cookie, { csrf: await csrf(t, cookie, "/hr/people") }),
    );
    assert.equal(r.status, 200);
    const after = await r.text();
    assert.match(textOf(after), /10 Einladung\(en\) verschickt\./);
    assert.doesNotMatch(after, /action="\/hr\/people\/invite-all"/, "nobody is left to invite");
    const role = (pn: string) =>
      value(
        t,
        "SELECT u.role FROM users u JOIN employees e ON e.id = u.employee_id WHERE e.personnel_number = ?",
        [
          pn,
        ],
      );
    assert.equal(await role("V02"), "manager", "Matteo leads the workshop");
    assert.equal(await role("V01"), "manager");
    assert.equal(await role("V04"), "employee");
    assert.equal(await role("V13"), undefined);
    // Each in the language of their record: Élodie Rochat's (V10) is French.
    const subject = (to: string) => value(t, "SELECT subject FROM mail_outbox WHERE to_address = ?", [to]);
    const french = String(await subject("elodie.rochat@ceresio.example"));
    const italian = String(await subject("luca.bernasconi@ceresio.example"));
    assert.match(french, /Vetreria Ceresio SA/);
    assert.notEqual(french, italian);
    assert.equal(
      await value(t, "SELECT language FROM users WHERE email = 'elodie.rochat@ceresio.example'"),
      "fr",
    );

    const list = await cli(t, ["user", "list"]);
    assert.match(list.out, /matteo\.cattaneo@ceresio\.example +manager +invited/);
    assert.match(list.out, /sara\.pellegrini@ceresio\.example +employee +active/);
    assert.match(
      list.out,
      /13 account\(s\): 3 active, 10 invited \(no password yet\), 0 deactivated; 0 person\(s\) never invited\./,
    );
  } finally {
    t.close();
  }
});

Deno.test("console pay: the imported payslips of a month, and on a person's page theirs, amounts in Swiss format", async () => {
  const t = await buildFixtureOrg();
  const dir = await Deno.makeTempDir({ prefix: "hr-payslips-" });
  try {
    await addAccounts(t, [[HR_PN, "hr"]]);
    const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    for (const f of ["v04-10.pdf", "v04-11.pdf", "v03-11.pdf"]) await Deno.writeFile(`${dir}/${f}`, pdf);
    await Deno.writeTextFile(
      `${dir}/manifest.csv`,
      "personnel_number;period;payment_date;gross;net;file\r\n" +
        "V04;2026-10;23.10.2026;6'500.00;5'480.35;v04-10.pdf\r\n" +
        "V04;2026-11;25.11.2026;6'500.00;5'480.35;v04-11.pdf\r\n" +
        "V03;2026-11;25.11.2026;4'160.00;3'512.80;v03-11.pdf\r\n",
    );
    const imported = await cli(t, ["payslips", "import", "--manifest", `${dir}/manifest.csv`]);
    assert.equal(imported.code, 0, imported.err);
    const cookie = await hrCookie(t);

    // The current month (the tests' clock: 18 November 2026) unless another is asked for.
    const november = textOf(await (await t.request("/hr/pay", { headers: cookie })).text());
    assert.match(november, /Importierte Lohnabrechnungen/);
    assert.match(november, /Luca Bernasconi \(V04\) November 2026 25\.11\.2026 6'500\.00 CHF 5'480\.35 CHF/);
    assert.match(november, /Sara Pellegrini \(V03\) November 2026 25\.11\.2026 4'160\.00 CHF 3'512\.80 CHF/);
    assert.doesNotMatch(november, /23\.10\.2026/);
    const october = textOf(await (await t.request("/hr/pay?period=2026-10", { headers: cookie })).text());
    assert.match(october, /Luca Bernasconi \(V04\) Oktober 2026 23\.10\.2026/);
    assert.doesNotMatch(october, /Sara Pellegrini \(V03\)/);
    const september = textOf(await (await t.request("/hr/pay?period=2026-09", { headers: cookie })).text());
    assert.match(september, /Keine Lohnabrechnungen\./);

    const luca = textOf(await (await t.request("/hr/people/V04", { headers: cookie })).text());
    assert.match(
      luca,
      /Lohnabrechnungen Abrechnung Auszahlungsdatum Brutto Netto November 2026 25\.11\.2026 6'500\.00 CHF 5'480\.35 CHF Oktober 2026 23\.10\.2026/,
    );
    const giada = textOf(await (await t.request("/hr/people/V12", { headers: cookie })).text());
    assert.match(giada, /Lohnabrechnungen Keine Lohnabrechnungen\./);
  } finally {
    await Deno.remove(dir, { recursive: true });
    t.close();
  }
});

Deno.test("console pay in German: the bulk upload's files against its manifest are reported in German; nothing stored", async () => {
  const t = await buildFixtureOrg();
  try {
    await addAccounts(t, [[HR_PN, "hr"]]);
    const cookie = await hrCookie(t);
    const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const body = new FormData();
    body.append("csrf", await csrf(t, cookie, "/hr/pay"));
    body.append(
      "manifest",
      new File(
        ["personnel_number;period;payment_date;gross;net;file\r\nV04;2026-11;25.11.2026;6500;5480.35;fehlt.pdf\r\n"],
        "manifest.csv",
      ),
    );
    body.append("files", new File([pdf], "uebrig.pdf"));
    const r = await t.request("/hr/pay/payslips/bulk", { method: "POST", headers: cookie, body });
    assert.equal(r.status, 400);
    const text = textOf(await r.text());
    assert.match(text, /Die Datei fehlt\.pdf ist nicht mit dem Manifest hochgeladen\./);
    assert.match(text, /Die hochgeladene Datei uebrig\.pdf steht auf keiner Zeile des Manifests\./);
    assert.doesNotMatch(text, /named on no line|was not uploaded/);
    assert.equal(await value(t, "SELECT count(*) FROM payslips"), 0);

    const none = new FormData();
    none.append("csrf", await csrf(t, cookie, "/hr/pay"));
    const empty = await t.request("/hr/pay/payslips/bulk", { method: "POST", headers: cookie, body: none });
    assert.equal(empty.status, 400);
    assert.match(textOf(await empty.text()), /Ein Manifest \(CSV\) ist nötig\./);
  } finally {
    t.close();
  }
});

Deno.test("console leave overview: the month's company closure and the school holidays of the people's cantons", async () => {
  const t = await buildFixtureOrg();
  const dir = await Deno.makeTempDir({ prefix: "hr-school-" });
  try {
    await addAccounts(t, [[HR_PN, "hr"]]);
    // Ticino's Christmas school holidays 2026/27 as an iCalendar file (one all-day event; DTEND the day after
    // the last day, RFC 5545). Dates as the Canton Ticino's school calendar publishes them
    // (https://www4.ti.ch/decs/ds/calendario-scolastico/).
    await Deno.writeTextFile(
      `${dir}/ti.ics`,
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Test//Scuola TI//IT",
        "BEGIN:VEVENT",
        "UID:natale-2026@ti.example",
        "DTSTAMP:20260801T000000Z",
        "DTSTART;VALUE=DATE:20261224",
        "DTEND;VALUE=DATE:20270107",
        "SUMMARY:Vacanze di Natale",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    );
    const imported = await cli(t, ["school-holidays", "import", "--canton", "TI", "--file", `${dir}/ti.ics`]);
    assert.equal(imported.code, 0, imported.err);
    const cookie = await hrCookie(t);
    const december = textOf(
      await (await t.request("/hr/leave/overview?month=2026-12", { headers: cookie })).text(),
    );
    assert.match(december, /Betriebsferien und Schulferien in diesem Monat/);
    assert.match(
      december,
      /Betriebsferien: Betriebsferien, 28\.12\.2026 – 31\.12\.2026 \(vom Ferienguthaben abgezogen\)/,
    );
    assert.match(december, /Schulferien TI: Vacanze di Natale, 24\.12\.2026 – 06\.01\.2027/);
    const january = textOf(
      await (await t.request("/hr/leave/overview?month=2027-01", { headers: cookie })).text(),
    );
    assert.match(january, /Schulferien TI: Vacanze di Natale/);
    assert.doesNotMatch(january, /Betriebsferien:/);
    const march = textOf(
      await (await t.request("/hr/leave/overview?month=2027-03", { headers: cookie })).text(),
    );
    assert.doesNotMatch(march, /Betriebsferien und Schulferien in diesem Monat/);
  } finally {
    await Deno.remove(dir, { recursive: true });
    t.close();
  }
});
