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
