/**
 * The HR console's inbox: a change request applied, a leave request without a manager decided, a medical
 * certificate read and accepted, each through the same services as the portal, and each refusal answered on
 * the page with the reason while nothing changes. The demo's HR person reads French.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import {
  employees,
  leaveRequests,
  profileChangeRequests,
  sickLeaveEntries,
} from "../../src/db/schema/mod.ts";
import { csrfOn, post, session } from "./_console.ts";

const BASE = "/api/v1/portal";
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

const csrfOf = (t: TestApp, cookie: Record<string, string>) => csrfOn(t, cookie, "/hr/inbox");

/** The employee's pending change request, leave request routed to HR and sick leave with a certificate. */
async function waitingForHr(t: TestApp) {
  const token = await t.signIn("employee@demo.example");
  const change = await t.request(`${BASE}/employee/profile/change-requests`, {
    method: "POST",
    token,
    json: { field: "IBAN", value: "CH93 0076 2011 6238 5295 7" },
  });
  assert.equal(change.status, 201, await change.clone().text());
  // Without a manager, the request goes to HR.
  const [me] = await t.deps.db.select().from(employees).where(
    eq(employees.workEmail, "lukas.gerber@demo.example"),
  )
    .limit(1);
  const self = me ??
    (await t.deps.db.select().from(employees).where(eq(employees.personnelNumber, "GW-013")))[0];
  await t.deps.db.update(employees).set({ managerId: null }).where(eq(employees.id, self.id));
  const leave = await t.request(`${BASE}/employee/leave/requests`, {
    method: "POST",
    token,
    json: { leaveType: "VACATION", startDate: "2027-02-08", endDate: "2027-02-12", reason: "Skiferien" },
  });
  assert.equal(leave.status, 201, await leave.clone().text());
  const sick = await t.request(`${BASE}/employee/sick-leave`, {
    method: "POST",
    token,
    json: { startDate: "2026-11-16", endDate: "2026-11-17" },
  });
  assert.equal(sick.status, 201);
  const sickId = (await sick.json()).data.id as string;
  const form = new FormData();
  form.append("file", new File([PDF as Uint8Array<ArrayBuffer>], "zeugnis.pdf"));
  const up = await t.request(`${BASE}/employee/sick-leave/${sickId}/certificate`, {
    method: "POST",
    token,
    body: form,
  });
  assert.equal(up.status, 200, await up.clone().text());
  return {
    token,
    employeeId: self.id,
    changeId: (await change.json()).data.id as string,
    leaveId: (await leave.json()).data.id as string,
    sickId,
  };
}

Deno.test("console inbox: HR applies a change, decides leave without a manager and accepts a certificate", async (ctx) => {
  const t = await makeTestApp();
  try {
    const w = await waitingForHr(t);
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOf(t, cookie);

    await ctx.step("the inbox lists all three, in French", async () => {
      const html = await (await t.request("/hr/inbox", { headers: cookie })).text();
      assert.match(html, /Boîte RH/);
      assert.match(html, /CH9300762011623852957/);
      assert.match(html, /08\.02\.2027 – 12\.02\.2027/);
      assert.match(html, new RegExp(`/hr/inbox/certificates/${w.sickId}`));
      assert.match(html, /reçu/);
    });

    await ctx.step("the certificate file, for HR, never stored by a browser's cache", async () => {
      const f = await t.request(`/hr/inbox/certificates/${w.sickId}`, { headers: cookie });
      assert.equal(f.status, 200);
      assert.equal(f.headers.get("content-type"), "application/pdf");
      assert.equal(f.headers.get("cache-control"), "no-store");
      assert.match(f.headers.get("content-disposition") ?? "", /^attachment; filename="certificate.pdf"$/);
      assert.deepEqual(new Uint8Array(await f.arrayBuffer()), PDF);
    });

    await ctx.step("the change applied: the record holds it", async () => {
      const r = await t.request(`/hr/inbox/changes/${w.changeId}`, post(cookie, { csrf, decision: "APPLY" }));
      assert.equal(r.status, 200);
      assert.match(await r.text(), /La modification est appliquée/);
      const [c] = await t.deps.db.select().from(profileChangeRequests).where(
        eq(profileChangeRequests.id, w.changeId),
      );
      assert.equal(c.status, "APPLIED");
      const [e] = await t.deps.db.select().from(employees).where(eq(employees.id, w.employeeId));
      assert.equal(e.iban, "CH9300762011623852957");
    });

    await ctx.step("the leave approved with a note the person reads", async () => {
      const r = await t.request(
        `/hr/inbox/leave/${w.leaveId}`,
        post(cookie, { csrf, decision: "APPROVE", note: "Bonnes vacances" }),
      );
      assert.equal(r.status, 200);
      assert.match(await r.text(), /La décision est enregistrée/);
      const got = await (await t.request(`${BASE}/employee/leave/requests/${w.leaveId}`, { token: w.token }))
        .json();
      assert.equal(got.data.status, "APPROVED");
      assert.equal(got.data.decisionNote, "Bonnes vacances");
    });

    await ctx.step("the certificate accepted: the person sees it", async () => {
      const r = await t.request(`/hr/inbox/certificates/${w.sickId}/accept`, post(cookie, { csrf }));
      assert.equal(r.status, 200);
      assert.match(await r.text(), /Le certificat médical est accepté/);
      const got = await (await t.request(`${BASE}/employee/sick-leave/${w.sickId}`, { token: w.token }))
        .json();
      assert.equal(got.data.certificateState, "ACCEPTED");
    });

    await ctx.step("afterwards nothing of it waits any more", async () => {
      const html = await (await t.request("/hr/inbox", { headers: cookie })).text();
      assert.match(html, /Aucune demande de modification en attente/);
      assert.doesNotMatch(html, new RegExp(`/hr/inbox/leave/${w.leaveId}`));
      assert.doesNotMatch(html, new RegExp(`/hr/inbox/certificates/${w.sickId}/accept`));
      assert.match(html, /accepté/);
    });
  } finally {
    t.close();
  }
});

Deno.test("console inbox: refusals say why on the page and change nothing", async (ctx) => {
  const t = await makeTestApp();
  try {
    const w = await waitingForHr(t);
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOf(t, cookie);
    const state = async () => ({
      change: (await t.deps.db.select().from(profileChangeRequests).where(
        eq(profileChangeRequests.id, w.changeId),
      ))[0]
        .status,
      leave: (await t.deps.db.select().from(leaveRequests).where(eq(leaveRequests.id, w.leaveId)))[0].status,
      certificate:
        (await t.deps.db.select().from(sickLeaveEntries).where(eq(sickLeaveEntries.id, w.sickId)))[0]
          .certificateState,
    });
    const before = await state();
    assert.deepEqual(before, { change: "PENDING", leave: "AWAITING_APPROVAL", certificate: "UPLOADED" });

    const cases: [string, string, RequestInit, number, RegExp][] = [
      [
        "without the page's token",
        `/hr/inbox/changes/${w.changeId}`,
        post(cookie, { decision: "APPLY" }),
        403,
        /./,
      ],
      [
        "with another token",
        `/hr/inbox/leave/${w.leaveId}`,
        post(cookie, { csrf: "0".repeat(64), decision: "APPROVE" }),
        403,
        /./,
      ],
      [
        "a decision that does not exist",
        `/hr/inbox/changes/${w.changeId}`,
        post(cookie, { csrf, decision: "MAYBE" }),
        400,
        /Cette décision n(?:'|&#39;)est pas possible ici/,
      ],
      [
        "an unknown change request",
        "/hr/inbox/changes/nope",
        post(cookie, { csrf, decision: "APPLY" }),
        404,
        /Aucune demande de modification n(?:'|&#39;)a cet identifiant\./,
      ],
      [
        "an unknown leave request",
        "/hr/inbox/leave/nope",
        post(cookie, { csrf, decision: "REJECT" }),
        404,
        /Aucune demande d(?:'|&#39;)absence en attente de votre décision/,
      ],
      [
        "a certificate of an unknown absence",
        "/hr/inbox/certificates/nope/accept",
        post(cookie, { csrf }),
        404,
        /Aucune absence pour maladie n(?:'|&#39;)a cet identifiant\./,
      ],
    ];
    for (const [name, path, init, status, message] of cases) {
      await ctx.step(name, async () => {
        const r = await t.request(path, init);
        assert.equal(r.status, status);
        assert.match(await r.text(), message);
        assert.deepEqual(await state(), before);
      });
    }

    await ctx.step("a certificate whose file has not arrived cannot be accepted", async () => {
      const s = await t.request(`${BASE}/employee/sick-leave`, {
        method: "POST",
        token: w.token,
        json: { startDate: "2026-11-12", endDate: "2026-11-12" },
      });
      assert.equal(s.status, 201, await s.clone().text());
      const id = (await s.json()).data.id as string;
      const r = await t.request(`/hr/inbox/certificates/${id}/accept`, post(cookie, { csrf }));
      assert.equal(r.status, 409);
      assert.match(
        await r.text(),
        /Aucun fichier de certificat n(?:'|&#39;)est encore arrivé pour cette absence\./,
      );
      const [e] = await t.deps.db.select().from(sickLeaveEntries).where(eq(sickLeaveEntries.id, id));
      assert.equal(e.certificateState, "NONE");
      const f = await t.request(`/hr/inbox/certificates/${id}`, { headers: cookie });
      assert.equal(f.status, 404);
      await f.body?.cancel();
    });

    await ctx.step("a manager or the employee: not the inbox, not the file", async () => {
      for (const who of ["manager@demo.example", "employee@demo.example"]) {
        const other = await session(t, who);
        const page = await t.request("/hr/inbox", { headers: other });
        assert.equal(page.status, 403);
        await page.body?.cancel();
        const f = await t.request(`/hr/inbox/certificates/${w.sickId}`, { headers: other });
        assert.equal(f.status, 403);
        assert.doesNotMatch(await f.text(), /%PDF/);
      }
      const anonymous = await t.request(`/hr/inbox/certificates/${w.sickId}`, { redirect: "manual" });
      assert.equal(anonymous.status, 303);
    });

    await ctx.step("HR does not decide their own change request", async () => {
      const hrToken = await t.signIn("hr@demo.example");
      const mine = await t.request(`${BASE}/employee/profile/change-requests`, {
        method: "POST",
        token: hrToken,
        json: { field: "IBAN", value: "CH56 0483 5012 3456 7800 9" },
      });
      assert.equal(mine.status, 201, await mine.clone().text());
      const id = (await mine.json()).data.id as string;
      const r = await t.request(`/hr/inbox/changes/${id}`, post(cookie, { csrf, decision: "APPLY" }));
      assert.equal(r.status, 403);
      assert.match(await r.text(), /Personne ne décide sa propre demande de modification/);
    });
  } finally {
    t.close();
  }
});

Deno.test("console inbox: a document HR asked for, once its file arrived, is listed and opened by HR only", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const todos = await (await t.request(`${BASE}/employee/todos`, { token })).json();
    const doc = todos.data.documentsMissing.find((d: { kind: string }) => d.kind === "Diplomkopie");
    const form = new FormData();
    form.append("file", new File([PDF as Uint8Array<ArrayBuffer>], "diplom.pdf"));
    const up = await t.request(`${BASE}/employee/todos/documents/${doc.id}/file`, {
      method: "POST",
      token,
      body: form,
    });
    assert.equal(up.status, 200);
    await up.body?.cancel();
    const cookie = await session(t, "hr@demo.example");
    const html = await (await t.request("/hr/inbox", { headers: cookie })).text();
    assert.match(html, /Documents reçus/);
    assert.match(html, new RegExp(`href="/hr/inbox/documents/${doc.id}">Diplomkopie</a>`));
    const f = await t.request(`/hr/inbox/documents/${doc.id}`, { headers: cookie });
    assert.equal(f.status, 200);
    assert.equal(f.headers.get("cache-control"), "no-store");
    assert.deepEqual(new Uint8Array(await f.arrayBuffer()), PDF);
    const manager = await t.request(`/hr/inbox/documents/${doc.id}`, {
      headers: await session(t, "manager@demo.example"),
    });
    assert.equal(manager.status, 403);
    assert.doesNotMatch(await manager.text(), /%PDF/);
    const unknown = await t.request("/hr/inbox/documents/nope", { headers: cookie });
    assert.equal(unknown.status, 404);
    await unknown.body?.cancel();
  } finally {
    t.close();
  }
});
