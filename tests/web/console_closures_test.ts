/**
 * A company closure changed and removed on its console page (linked from the calendar page): refused, in the
 * reader's language and keeping what was typed, while approved leave was computed with it; saved with the
 * recalculation confirmed, the request computed again. The demo's HR person reads French.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { closurePeriods, leaveRequests } from "../../src/db/schema/mod.ts";
import { csrfOn, post, session } from "./_console.ts";

Deno.test("console closure page: change and removal, refused until the recalculation is confirmed", async () => {
  const t = await makeTestApp();
  try {
    const add = ["closures", "add", "--from", "2027-02-10", "--to", "2027-02-11", "--name", "Umzug"];
    assert.equal((await cli(t, [...add, "--name-fr", "Déménagement", "--deducts-leave"])).code, 0);
    const token = await t.signIn("employee@demo.example");
    const filed = await t.request("/api/v1/portal/employee/leave/requests", {
      method: "POST",
      token,
      json: { leaveType: "VACATION", startDate: "2027-02-08", endDate: "2027-02-12" },
    });
    const request = (await filed.json()).data;
    const manager = await t.signIn("manager@demo.example");
    await t.request(`/api/v1/portal/approvals/leave-requests/${request.id}/decision`, {
      method: "POST",
      token: manager,
      json: { decision: "APPROVE" },
    });
    const [closure] = await t.deps.db.select().from(closurePeriods).where(
      eq(closurePeriods.startDate, "2027-02-10"),
    );

    const cookie = await session(t, "hr@demo.example");
    const calendar = await (await t.request("/hr/calendar", { headers: cookie })).text();
    const page = `/hr/calendar/closures/${closure.id}`;
    assert.ok(calendar.includes(`href="${page}"`), "the calendar links each closure to its page");
    const csrf = await csrfOn(t, cookie, page);
    const fields = {
      csrf,
      name_de: "Umzug",
      name_fr: "Déménagement",
      name_en: "Move",
      from: "2027-02-10",
      to: "2027-02-11",
      deducts: "yes",
      cantons: "ZH",
    };
    const refused = await t.request(page, post(cookie, fields));
    assert.equal(refused.status, 409);
    const html = await refused.text();
    assert.match(
      html,
      /Rien n&#39;a été modifié : des absences approuvées ont été calculées avec cette fermeture et changent : GW-013 Lukas Gerber, 08\.02\.2027–12\.02\.2027 : 3 → 5 jours\./,
    );
    assert.match(html, /value="ZH" selected>ZH<\/option>/, "the form keeps what was typed");
    assert.equal(
      (await t.deps.db.select().from(closurePeriods).where(eq(closurePeriods.id, closure.id)))[0].cantons,
      null,
    );

    const saved = await t.request(page, post(cookie, { ...fields, recalculate: "yes" }));
    assert.equal(saved.status, 200);
    assert.match(
      await saved.text(),
      /La fermeture « Umzug » est enregistrée\. Recalculé, les personnes sont informées : GW-013 Lukas Gerber, 08\.02\.2027–12\.02\.2027 : 3 → 5 jours\./,
    );
    const [row] = await t.deps.db.select().from(closurePeriods).where(eq(closurePeriods.id, closure.id));
    assert.equal(row.cantons, "ZH");
    assert.equal(row.nameEn, "Move");
    assert.equal(
      (await t.deps.db.select().from(leaveRequests).where(eq(leaveRequests.id, request.id)))[0].days,
      5,
    );

    // Lukas (Bern) no longer has it: removing it changes nobody's leave, so no confirmation is needed.
    const removed = await t.request(`${page}/remove`, post(cookie, { csrf }));
    assert.equal(removed.status, 200);
    assert.match(await removed.text(), /La fermeture « Umzug » est supprimée\./);
    assert.equal(
      (await t.deps.db.select().from(closurePeriods).where(eq(closurePeriods.id, closure.id))).length,
      0,
    );

    // Added again on the calendar page: refused over the approved leave, then added with the confirmation.
    const calendarCsrf = await csrfOn(t, cookie, "/hr/calendar");
    const again = { csrf: calendarCsrf, name: "Umzug", from: "2027-02-10", to: "2027-02-11", deducts: "yes" };
    const refusedAdd = await t.request("/hr/calendar", post(cookie, again));
    assert.equal(refusedAdd.status, 409);
    assert.match(
      await refusedAdd.text(),
      /Rien n&#39;a été modifié .* GW-013 Lukas Gerber, 08\.02\.2027–12\.02\.2027 : 5 → 3 jours\./,
    );
    const confirmedAdd = await t.request("/hr/calendar", post(cookie, { ...again, recalculate: "yes" }));
    assert.equal(confirmedAdd.status, 200);
    assert.match(
      await confirmedAdd.text(),
      /Recalculé, les personnes sont informées : GW-013 Lukas Gerber, 08\.02\.2027–12\.02\.2027 : 5 → 3 jours\./,
    );
    assert.equal(
      (await t.deps.db.select().from(leaveRequests).where(eq(leaveRequests.id, request.id)))[0].days,
      3,
    );

    const gone = await t.request(page, { headers: cookie });
    assert.equal(gone.status, 404);
    const forged = await t.request(`${page}/remove`, post(cookie, { csrf: "0".repeat(64) }));
    assert.equal(forged.status, 403);
  } finally {
    t.close();
  }
});
