/**
 * Completion for `prepare_1on1`'s person and the document template's slug: suggestions never reach beyond
 * what the caller could read (a manager their reports, HR everyone, an employee nobody; documents of the
 * caller's audiences), and suggesting people is audited like a search.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { auditRows, E2E, startMcpServer } from "./_harness.ts";
import { DEMO_ACCOUNTS } from "../../src/demo/mod.ts";
import { employees } from "../../src/db/schema/mod.ts";

const PERSON = { type: "ref/prompt", name: "prepare_1on1" } as const;
const DOCS = { type: "ref/resource", uri: "service://documents/{slug}" } as const;

Deno.test({
  name: "completion: people within reach for prepare_1on1, documents of the caller's audiences",
  ...E2E,
  fn: async (t) => {
    const s = await startMcpServer();
    try {
      const db = s.t.deps.db;
      const [report] = await db.select().from(employees).where(
        eq(employees.id, DEMO_ACCOUNTS.employee.employeeId!),
      );
      const [hrPerson] = await db.select().from(employees).where(
        eq(employees.id, DEMO_ACCOUNTS.hr.employeeId!),
      );
      const manager = await s.client((await s.grant("manager")).token);
      const hrGrant = await s.grant("hr");
      const hr = await s.client(hrGrant.token);
      const employee = await s.client((await s.grant("employee")).token);

      await t.step("the server declares completions", () => {
        assert.ok(manager.getServerCapabilities()?.completions);
      });
      await t.step("a manager gets their report, never someone outside their team", async () => {
        const mine = await manager.complete({
          ref: PERSON,
          argument: { name: "person", value: report.lastName.slice(0, 4) },
        });
        assert.ok(
          mine.completion.values.includes(`${report.firstName} ${report.lastName}`),
          JSON.stringify(mine),
        );
        const other = await manager.complete({
          ref: PERSON,
          argument: { name: "person", value: hrPerson.lastName },
        });
        assert.ok(!other.completion.values.includes(`${hrPerson.firstName} ${hrPerson.lastName}`));
      });
      await t.step("HR finds anyone; an employee (not a prompt user) nobody", async () => {
        const any = await hr.complete({
          ref: PERSON,
          argument: { name: "person", value: hrPerson.lastName },
        });
        assert.ok(any.completion.values.includes(`${hrPerson.firstName} ${hrPerson.lastName}`));
        const none = await employee.complete({
          ref: PERSON,
          argument: { name: "person", value: report.lastName },
        });
        assert.deepEqual(none.completion.values, []);
      });
      await t.step("document slugs by prefix, only the caller's audiences", async () => {
        const e = await employee.complete({ ref: DOCS, argument: { name: "slug", value: "" } });
        assert.deepEqual(e.completion.values, [
          "expenses-policy",
          "remote-work",
          "sick-leave-process",
          "vacation-policy",
        ]);
        const m = await manager.complete({ ref: DOCS, argument: { name: "slug", value: "man" } });
        assert.deepEqual(m.completion.values, ["manager-handbook"]);
        const h = await hr.complete({ ref: DOCS, argument: { name: "slug", value: "hr-" } });
        assert.deepEqual(h.completion.values, ["hr-playbook"]);
        const eh = await employee.complete({ ref: DOCS, argument: { name: "slug", value: "hr-" } });
        assert.deepEqual(eh.completion.values, []);
      });
      await t.step(
        "suggesting people is audited with the people it concerned, the typed text only as a hash",
        async () => {
          await hr.complete({ ref: PERSON, argument: { name: "person", value: hrPerson.lastName } });
          const rows = (await auditRows(s.t, hrGrant.connectionId)).filter((r) =>
            r.name === "completion:prepare_1on1"
          );
          const last = rows.at(-1)!;
          assert.ok(String(last.records_touched).includes(hrPerson.id));
          assert.ok(!String(last.free_text).includes(hrPerson.lastName));
          assert.match(String(last.free_text), /sha256/);
        },
      );
    } finally {
      await s.close();
    }
  },
});
