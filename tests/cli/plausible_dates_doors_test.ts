/**
 * A calendar-valid date far outside any plausible range (9999-12-27) is a typing slip at every door that takes a
 * date, not only at the portal's: the CLI's `closures add`, the console's closure form and its work-through
 * form refuse it with the range, as the configuration file does. The range, 1900-01-01 to 2100-12-31, is the
 * service's own choice (docs/swiss-rules.md, "Plausible dates"; docs/fields.md), no law sets it. Kept, such a
 * closure made the installation's own `org export` a file `org apply` refuses. On the fixture organisation,
 * built by the commands; its administrator reads Italian.
 */
import assert from "node:assert/strict";
import { ADMIN, buildFixtureOrg } from "../_fixture_org.ts";
import { cli } from "../_cli.ts";
import {
  closurePeriods,
  closureWorkThrough,
  employees,
  onboardingTasks,
  positions,
  requiredDocuments,
} from "../../src/db/schema/mod.ts";
import { csrfOn, post, session } from "../web/_console.ts";
import { eq } from "drizzle-orm";
import { json, makeTestApp } from "../_helpers.ts";
import { actorFor } from "../services/_fixtures.ts";
import { addOnboardingTask, previewOnboardingTask } from "../../src/services/hr_onboarding.ts";
import type { AppError } from "../../src/errors.ts";

Deno.test("dates: closures add, the console's closure and work-through forms refuse 9999-12-27, and org export applies again", async () => {
  const t = await buildFixtureOrg();
  try {
    const before = (await t.deps.db.select().from(closurePeriods)).length;
    const add = await cli(t, [
      "closures",
      "add",
      "--from",
      "9999-12-27",
      "--to",
      "9999-12-31",
      "--name",
      "Tippfehler",
    ]);
    assert.equal(add.code, 1, add.out);
    assert.match(add.err, /from must be a date from 1900-01-01 to 2100-12-31/);
    assert.match(add.err, /to must be a date from 1900-01-01 to 2100-12-31/);

    const cookie = { Cookie: `hr_session=${await t.signIn(ADMIN.email, ADMIN.password)}` };
    const csrf = await csrfOn(t, cookie, "/hr/calendar");
    const form = await t.request(
      "/hr/calendar",
      post(cookie, { csrf, name: "Tippfehler", from: "9999-12-27", to: "9999-12-31" }),
    );
    assert.equal(form.status, 400);
    assert.match(
      await form.text(),
      /«dal» deve essere una data dal 01\.01\.1900 al 31\.12\.2100, non «27\.12\.9999»/,
    );
    assert.equal((await t.deps.db.select().from(closurePeriods)).length, before, "no closure added");

    const through = await t.request(
      "/hr/calendar/work-through",
      post(cookie, { csrf, personnel_number: "V04", date: "9999-12-27" }),
    );
    assert.equal(through.status, 400);
    assert.match(
      await through.text(),
      /La data deve essere una data dal 01\.01\.1900 al 31\.12\.2100, non «27\.12\.9999»/,
    );
    assert.equal((await t.deps.db.select().from(closureWorkThrough)).length, 0);

    const salary = await cli(t, [
      "compensation",
      "add",
      "--employee",
      "V04",
      "--valid-from",
      "9999-12-27",
      "--annual-salary",
      "70000",
    ]);
    assert.equal(salary.code, 1, salary.out);
    assert.match(salary.err, /valid-from must be a date from 1900-01-01 to 2100-12-31, got "27.12.9999"/);

    const exported = await cli(t, ["org", "export", "--file", "-"]);
    assert.equal(exported.code, 0, exported.err);
    const applied = await cli(t, ["org", "apply", "--file", "-"], exported.out);
    assert.equal(applied.code, 0, applied.err + applied.out);
  } finally {
    t.close();
  }
});

Deno.test("dates: an onboarding task's due date, a position's start, a document's due day, a payslip's dates and a birth date refuse 9999-12-27", async (ctx) => {
  // The demo organisation: its HR person reads French, its employee German.
  const t = await makeTestApp();
  const dir = await Deno.makeTempDir();
  try {
    await ctx.step("onboarding task (the service every door reaches): dueDate named", async () => {
      const mgr = await actorFor(t, "manager@demo.example");
      const joiner = await t.deps.db.query.employees.findFirst({
        where: eq(employees.personnelNumber, "GW-018"),
      });
      const input = { employeeId: joiner!.id, title: "Order a laptop", phase: "BEFORE_START" as const };
      for (const call of [previewOnboardingTask, addOnboardingTask]) {
        await assert.rejects(
          () => call(t.deps, mgr, { ...input, dueDate: "9999-12-27" }),
          (e: AppError) => {
            assert.equal(e.code, "validation");
            assert.deepEqual(e.fields?.map((f) => f.field), ["dueDate"]);
            assert.match(e.message, /dueDate must be a date from 1900-01-01 to 2100-12-31/);
            return true;
          },
        );
      }
      const tasks = await t.deps.db.select().from(onboardingTasks).where(
        eq(onboardingTasks.dueDate, "9999-12-27"),
      );
      assert.equal(tasks.length, 0);
    });

    const cookie = await session(t, "hr@demo.example");
    await ctx.step("a position's start date on the console's form", async () => {
      const csrf = await csrfOn(t, cookie, "/hr/recruiting");
      const r = await t.request(
        "/hr/recruiting/positions",
        post(cookie, {
          csrf,
          title: "Tippfehler",
          status: "OPEN",
          department: "Platform",
          location: "Bern",
          canton: "BE",
          workload_min: "80",
          workload_max: "100",
          hiring_manager: "",
          recruiters: "",
          start_date: "9999-12-27",
          ad_de: "Text",
        }),
      );
      assert.equal(r.status, 400);
      assert.match(await r.text(), /entrée en fonction : une date du 1900-01-01 au 2100-12-31/);
      assert.equal(
        (await t.deps.db.select().from(positions).where(eq(positions.title, "Tippfehler"))).length,
        0,
      );
    });

    await ctx.step("a document's due day on the person page", async () => {
      const csrf = await csrfOn(t, cookie, "/hr/people/GW-013");
      const r = await t.request(
        "/hr/people/GW-013/documents",
        post(cookie, { csrf, doc_kind: "Tippfehler-Ausweis", doc_due: "9999-12-27" }),
      );
      assert.equal(r.status, 400);
      assert.match(
        await r.text(),
        /l&#39;échéance doit être une date du 1900-01-01 au 2100-12-31|l'échéance doit être une date du 1900-01-01 au 2100-12-31/,
      );
      const asked = await t.deps.db.select().from(requiredDocuments).where(
        eq(requiredDocuments.kind, "Tippfehler-Ausweis"),
      );
      assert.equal(asked.length, 0);
    });

    await ctx.step("payslips import: the payment date and the period, by line", async () => {
      await Deno.writeFile(`${dir}/p.pdf`, new TextEncoder().encode("%PDF-1.4\n%%EOF\n"));
      await Deno.writeTextFile(
        `${dir}/manifest.csv`,
        "personnel_number;period;payment_date;gross;net;file\r\n" +
          "GW-013;2027-02;27.12.9999;6500;5480;p.pdf\r\nGW-013;9999-12;25.02.2027;6500;5480;p.pdf\r\n",
      );
      const r = await cli(t, ["payslips", "import", "--manifest", `${dir}/manifest.csv`]);
      assert.equal(r.code, 1, r.out);
      assert.match(
        r.err,
        /line 2: payment_date must be a date from 1900-01-01 to 2100-12-31, got "27\.12\.9999"/,
      );
      assert.match(r.err, /line 3: period must be a month from 1900-01 to 2100-12, got "9999-12"/);
    });

    await ctx.step("a birth date asked for in the portal: the value named, in German", async () => {
      const token = await t.signIn("employee@demo.example");
      const r = await json(
        await t.request("/api/v1/portal/employee/profile/change-requests", {
          method: "POST",
          token,
          json: { field: "BIRTH_DATE", value: "9999-12-27" },
        }),
      );
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.match(JSON.stringify(r.body), /Ein Geburtsdatum liegt zwischen 1900-01-01 und 2100-12-31/);
      assert.match(JSON.stringify(r.body), /value/);
    });

    const exported = await cli(t, ["org", "export", "--file", "-"]);
    assert.equal(exported.code, 0, exported.err);
    const applied = await cli(t, ["org", "apply", "--file", "-"], exported.out);
    assert.equal(applied.code, 0, applied.err + applied.out);
  } finally {
    await Deno.remove(dir, { recursive: true });
    t.close();
  }
});
