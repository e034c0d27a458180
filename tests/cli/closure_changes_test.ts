/**
 * Company closures changed or removed after the fact (`closures edit`, `closures remove`, `org apply` with
 * `--prune closures`): refused, naming each request, while approved leave was computed with the closure;
 * with `--recalculate` the requests' days are computed again and each person gets a notification and an
 * e-mail. A request still awaiting a decision is recomputed without asking.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { closurePeriods, leaveRequests, mailOutbox, notifications } from "../../src/db/schema/mod.ts";

const BASE = "/api/v1/portal";

/**
 * Lea files a week of vacation from Monday 8 to Friday 12 February 2027, with a closure on Wednesday 10 and
 * Thursday 11 (so the request counts 3 days); the manager approves it when `approve`.
 */
async function setUp(t: TestApp, approve = true) {
  const add = await cli(t, [
    "closures",
    "add",
    "--from",
    "2027-02-10",
    "--to",
    "2027-02-11",
    "--name",
    "Umzug",
    "--deducts-leave",
  ]);
  assert.equal(add.code, 0, add.err);
  const token = await t.signIn("employee@demo.example");
  const filed = await t.request(`${BASE}/employee/leave/requests`, {
    method: "POST",
    token,
    json: { leaveType: "VACATION", startDate: "2027-02-08", endDate: "2027-02-12" },
  });
  assert.equal(filed.status, 201, await filed.clone().text());
  const request = (await filed.json()).data;
  assert.equal(request.days, 3, "the closure days cost nothing in the request");
  if (approve) {
    const manager = await t.signIn("manager@demo.example");
    const decided = await t.request(`${BASE}/approvals/leave-requests/${request.id}/decision`, {
      method: "POST",
      token: manager,
      json: { decision: "APPROVE" },
    });
    assert.equal(decided.status, 200, await decided.clone().text());
  }
  return request.id as string;
}

async function stored(t: TestApp, id: string) {
  const [r] = await t.deps.db.select().from(leaveRequests).where(eq(leaveRequests.id, id));
  return r;
}

Deno.test("closures remove: refused while approved leave was computed with it; --recalculate recomputes and tells", async () => {
  const t = await makeTestApp();
  try {
    const id = await setUp(t);
    const mailsBefore = (await t.deps.db.select().from(mailOutbox)).length;
    const refused = await cli(t, ["closures", "remove", "--closure", "2027-02-10"]);
    assert.equal(refused.code, 1);
    assert.match(
      refused.err,
      /^Removing the closure changes approved leave computed with it: GW-013 Lukas Gerber, 2027-02-08 to 2027-02-12: 3 days, would be 5\. Nothing was changed\. Give --recalculate/,
    );
    assert.equal(
      (await t.deps.db.select().from(closurePeriods).where(eq(closurePeriods.startDate, "2027-02-10")))
        .length,
      1,
    );
    assert.equal((await stored(t, id)).days, 3);

    const done = await cli(t, ["closures", "remove", "--closure", "2027-02-10", "--recalculate"]);
    assert.equal(done.code, 0, done.err);
    assert.equal(
      done.out,
      'Closure "Umzug" from 2027-02-10 to 2027-02-11 removed.\n' +
        "1 leave request(s) computed again; each person was notified and e-mailed:\n" +
        "  GW-013 Lukas Gerber, 2027-02-08 to 2027-02-12: 3 → 5 days\n",
    );
    const r = await stored(t, id);
    assert.equal(r.days, 5);
    assert.deepEqual(JSON.parse(r.daysByYear), { "2027": 5 });
    assert.equal(r.status, "APPROVED");
    const [note] = await t.deps.db.select().from(notifications).where(
      eq(notifications.kind, "LEAVE_REQUEST_RECALCULATED"),
    );
    assert.deepEqual(JSON.parse(note.payload), {
      leaveRequestId: id,
      days: 5,
      previousDays: 3,
      viaAssistant: false,
    });
    const mails = await t.deps.db.select().from(mailOutbox);
    assert.equal(mails.length, mailsBefore + 1);
    const mail = mails.at(-1)!;
    assert.equal(mail.toAddress, "employee@demo.example");
    assert.match(mail.subject, /neu berechnet/);
    assert.match(mail.textBody, /vom 08\.02\.2027 bis 12\.02\.2027 zählt deshalb neu 5 statt 3 Tage/);
  } finally {
    t.close();
  }
});

Deno.test("closures edit: a change that leaves approved leave as it was needs no confirmation; one that alters it does", async () => {
  const t = await makeTestApp();
  try {
    const id = await setUp(t);
    // Renaming it and making it granted changes no request's days.
    const rename = await cli(t, [
      "closures",
      "edit",
      "--closure",
      "2027-02-10",
      "--name",
      "Umzug Büro",
      "--granted",
    ]);
    assert.equal(rename.code, 0, rename.err);
    assert.equal(rename.out, 'Closure "Umzug Büro" now from 2027-02-10 to 2027-02-11.\n');
    const [row] = await t.deps.db.select().from(closurePeriods).where(
      eq(closurePeriods.startDate, "2027-02-10"),
    );
    assert.equal(row.nameDe, "Umzug Büro");
    assert.equal(row.deductsLeave, false);

    // Limiting it to Zurich takes it away from Lukas in Bern.
    const zh = await cli(t, ["closures", "edit", "--closure", "2027-02-10..2027-02-11", "--canton", "ZH"]);
    assert.equal(zh.code, 1);
    assert.match(
      zh.err,
      /Changing the closure changes approved leave computed with it: GW-013 .*3 days, would be 5/,
    );
    assert.equal((await stored(t, id)).days, 3);
    assert.equal(
      (await t.deps.db.select().from(closurePeriods).where(eq(closurePeriods.id, row.id)))[0].cantons,
      null,
    );

    // One more day of closure: the request counts one day less.
    const longer = await cli(t, [
      "closures",
      "edit",
      "--closure",
      "2027-02-10",
      "--to",
      "2027-02-12",
      "--recalculate",
    ]);
    assert.equal(longer.code, 0, longer.err);
    assert.match(longer.out, /GW-013 Lukas Gerber, 2027-02-08 to 2027-02-12: 3 → 2 days/);
    assert.equal((await stored(t, id)).days, 2);

    const overlap = await cli(t, ["closures", "edit", "--closure", "2027-02-10", "--from", "2026-12-30"]);
    assert.equal(overlap.code, 1);
    assert.match(overlap.err, /overlaps the closure from 24\.12\.2026/);
    const unknown = await cli(t, ["closures", "remove", "--closure", "2027-02-09"]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /No closure starts on 09\.02\.2027; 'closures list' shows them/);
  } finally {
    t.close();
  }
});

Deno.test("closures remove: a request awaiting a decision is recomputed without asking", async () => {
  const t = await makeTestApp();
  try {
    const id = await setUp(t, false);
    const r = await cli(t, ["closures", "remove", "--closure", "2027-02-10"]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /3 → 5 days/);
    const row = await stored(t, id);
    assert.equal(row.days, 5);
    assert.equal(row.status, "AWAITING_APPROVAL");
  } finally {
    t.close();
  }
});

Deno.test("org apply: closures missing from the file are left alone; --prune closures removes them, with the same guard", async () => {
  const t = await makeTestApp();
  try {
    const id = await setUp(t);
    const exported = await cli(t, ["org", "export", "--file", "-"]);
    // The file without the closure of 9 and 10 December.
    const file = exported.out.replace(/ {2}- start: 2027-02-10\n( {4}.*\n)+/, "");
    assert.ok(file !== exported.out && file.includes("closures:"), "the closure is taken out of the file");

    const kept = await cli(t, ["org", "apply", "--file", "-"], file);
    assert.equal(kept.code, 0, kept.err);
    assert.match(
      kept.out,
      /closures: 0 created, 0 updated, \d+ unchanged; not in the file \(left alone\): 2027-02-10\.\.2027-02-11/,
    );

    const refused = await cli(t, ["org", "apply", "--file", "-", "--prune", "closures"], file);
    assert.equal(refused.code, 1);
    assert.match(
      refused.err,
      /Nothing was applied\. 1 problem\(s\):\n {2}line \d+, closures: The file's closures change approved leave computed with them: GW-013 Lukas Gerber, 2027-02-08 to 2027-02-12: 3 days, would be 5\. Nothing was changed\. Apply with --recalculate/,
    );
    assert.equal((await stored(t, id)).days, 3);

    const pruned = await cli(
      t,
      ["org", "apply", "--file", "-", "--prune", "closures", "--recalculate"],
      file,
    );
    assert.equal(pruned.code, 0, pruned.err);
    assert.match(
      pruned.out,
      /closures: 0 created, 0 updated, \d+ unchanged, 1 removed \(2027-02-10\.\.2027-02-11\)\n/,
    );
    assert.match(
      pruned.out,
      / {2}leave computed again \(person notified\): GW-013 Lukas Gerber, 2027-02-08 to 2027-02-12: 3 days, now 5\n/,
    );
    assert.match(pruned.out, /1 change\(s\) applied/);
    assert.equal((await stored(t, id)).days, 5);
    const again = await cli(t, ["org", "apply", "--file", "-", "--prune", "closures"], file);
    assert.match(again.out, /0 change\(s\) applied/);

    const bad = await cli(t, ["org", "apply", "--file", "-", "--prune", "leaveTypes"], file);
    assert.equal(bad.code, 1);
    assert.match(
      bad.err,
      /leaveTypes: --prune takes closures; the other sections' entries are never removed/,
    );
    const absent = await cli(
      t,
      ["org", "apply", "--file", "-", "--prune", "closures"],
      "settings:\n  payday: 25\n",
    );
    assert.equal(absent.code, 1);
    assert.match(absent.err, /closures: --prune names a section the file does not have/);
  } finally {
    t.close();
  }
});

Deno.test("closures add: a new closure over approved leave is refused until --recalculate", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const filed = await t.request(`${BASE}/employee/leave/requests`, {
      method: "POST",
      token,
      json: { leaveType: "VACATION", startDate: "2027-02-08", endDate: "2027-02-12" },
    });
    const id = (await filed.json()).data.id;
    const manager = await t.signIn("manager@demo.example");
    await t.request(`${BASE}/approvals/leave-requests/${id}/decision`, {
      method: "POST",
      token: manager,
      json: { decision: "APPROVE" },
    });
    assert.equal((await stored(t, id)).days, 5);
    const args = ["closures", "add", "--from", "2027-02-11", "--to", "2027-02-12", "--name", "Umzug"];
    const refused = await cli(t, args);
    assert.equal(refused.code, 1);
    assert.match(
      refused.err,
      /^Adding the closure changes approved leave over its days: GW-013 Lukas Gerber, 2027-02-08 to 2027-02-12: 5 days, would be 3\. Nothing was changed\. Give --recalculate/,
    );
    assert.equal(
      (await t.deps.db.select().from(closurePeriods).where(eq(closurePeriods.startDate, "2027-02-11")))
        .length,
      0,
    );

    const added = await cli(t, [...args, "--recalculate"]);
    assert.equal(added.code, 0, added.err);
    assert.match(
      added.out,
      /added\.\n1 leave request\(s\) computed again.*\n {2}GW-013 Lukas Gerber, 2027-02-08 to 2027-02-12: 5 → 3 days\n$/,
    );
    assert.equal((await stored(t, id)).days, 3);
  } finally {
    t.close();
  }
});
