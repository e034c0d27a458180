/**
 * Working through a company closure, approved by HR on the calendar page: the day then costs the person no
 * vacation (their balance shows one day more). Every refusal is said on the page and records nothing. The
 * demo's closure runs from 24 December 2026 to 2 January 2027, and its employee (GW-013, Bern, Monday to
 * Friday) already works on Monday 28 December.
 */
import assert from "node:assert/strict";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { closureWorkThrough } from "../../src/db/schema/mod.ts";
import { csrfOn, post, session } from "./_console.ts";

const csrfOf = (t: TestApp, cookie: Record<string, string>) => csrfOn(t, cookie, "/hr/calendar");

async function vacationLeft(t: TestApp, token: string): Promise<number> {
  const r = await (await t.request("/api/v1/portal/employee/leave/balances?year=2026", { token })).json();
  const v = r.data.balances.find((b: { leaveType: { code: string } }) => b.leaveType.code === "VACATION");
  return v.remaining;
}

Deno.test("console work-through: HR approves a closure day; it costs the person no vacation", async () => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOf(t, cookie);
    const token = await t.signIn("employee@demo.example");
    const before = await vacationLeft(t, token);
    const r = await t.request(
      "/hr/calendar/work-through",
      post(cookie, { csrf, personnel_number: "GW-013", date: "2026-12-29" }),
    );
    assert.equal(r.status, 200);
    const html = await r.text();
    assert.match(html, /GW-013 travaille le 29\.12\.2026/);
    assert.match(html, /29\.12\.2026: Lukas Gerber \(GW-013\)/);
    assert.equal(await vacationLeft(t, token), before + 1);
  } finally {
    t.close();
  }
});

Deno.test("console work-through: refusals say why on the page and record nothing", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOf(t, cookie);
    const count = async () =>
      (await t.deps.db.select({ id: closureWorkThrough.id }).from(closureWorkThrough)).length;
    const before = await count();
    const cases: [string, Record<string, string>, number, RegExp][] = [
      ["without the page's token", { personnel_number: "GW-013", date: "2026-12-29" }, 403, /./],
      [
        "a day outside every closure",
        { csrf, personnel_number: "GW-013", date: "2026-12-15" },
        400,
        /n(?:'|&#39;)est pas un jour de fermeture d(?:'|&#39;)entreprise dans le canton BE\./,
      ],
      [
        "a Saturday of the closure",
        { csrf, personnel_number: "GW-013", date: "2027-01-02" },
        400,
        /n(?:'|&#39;)est pas un jour de travail de GW-013\./,
      ],
      [
        "a day already approved",
        { csrf, personnel_number: "GW-013", date: "2026-12-28" },
        409,
        /GW-013 travaille déjà le 28\.12\.2026\./,
      ],
      [
        "an unknown person",
        { csrf, personnel_number: "NOPE", date: "2026-12-29" },
        404,
        /Il n(?:'|&#39;)y a personne avec le numéro de personnel « NOPE »\./,
      ],
      [
        "a date that does not exist",
        { csrf, personnel_number: "GW-013", date: "2026-12-32" },
        400,
        /La date doit être une date AAAA-MM-JJ, pas « 32\.12\.2026 »\./,
      ],
    ];
    for (const [name, fields, status, message] of cases) {
      await ctx.step(name, async () => {
        const r = await t.request("/hr/calendar/work-through", post(cookie, fields));
        assert.equal(r.status, status);
        assert.match(await r.text(), message);
        assert.equal(await count(), before);
      });
    }
    await ctx.step("a manager: not the form", async () => {
      const r = await t.request(
        "/hr/calendar/work-through",
        post(await session(t, "manager@demo.example"), {
          csrf,
          personnel_number: "GW-013",
          date: "2026-12-29",
        }),
      );
      assert.equal(r.status, 403);
      await r.body?.cancel();
      assert.equal(await count(), before);
    });
  } finally {
    t.close();
  }
});
