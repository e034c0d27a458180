/**
 * Onboarding plans from the organisation's template: the template is set in the configuration file; every
 * employee created afterwards (here through the employee file) starts with its plan, tasks due relative to
 * the first working day, the person's own among their to-dos and the manager's named for the manager. A
 * template the file gets wrong is refused with its place, nothing applied.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { employees, onboardingPlans, onboardingTasks, onboardingTemplates } from "../../src/db/schema/mod.ts";
import { applyConfiguration, exportConfiguration } from "../../src/org_config/mod.ts";
import { importEmployees } from "../../src/services/employee_file.ts";
import { listTodos } from "../../src/services/todos.ts";

const TEMPLATE = `onboardingTemplates:
  - key: DEFAULT
    name: Einarbeitung
    tasks:
      - { phase: BEFORE_START, title: Arbeitsvertrag unterschreiben, offsetDays: -7 }
      - { phase: FIRST_DAY, title: Willkommen im Team, assignee: MANAGER }
      - { phase: FIRST_WEEK, title: Sicherheitsschulung, offsetDays: 3 }
      - { phase: PROBATION, title: Probezeitgespräch, offsetDays: 85, assignee: MANAGER }
`;

Deno.test("onboarding templates: a new employee starts with the organisation's plan", async (ctx) => {
  const t = await makeTestApp();
  try {
    const applied = await applyConfiguration(t.deps, TEMPLATE);
    assert.ok(applied.ok, JSON.stringify(applied));
    assert.match(await exportConfiguration(t.deps), /key: DEFAULT[\s\S]*Probezeitgespräch/);

    const csv = "personnel_number;first_name;last_name;canton;employment_start;manager_personnel_number\n" +
      "N-200;Tim;Wenger;BE;2027-01-04;GW-002\n" +
      "N-201;Eva;Roth;ZH;2027-02-01;\n";
    const r = await importEmployees(t.deps, csv);
    assert.ok(r.ok, JSON.stringify(r));
    const person = async (pn: string) =>
      (await t.deps.db.select().from(employees).where(eq(employees.personnelNumber, pn)))[0];
    const tim = await person("N-200");
    const eva = await person("N-201");

    await ctx.step("the plan starts on the first working day, tasks due around it", async () => {
      const [plan] = await t.deps.db.select().from(onboardingPlans).where(
        eq(onboardingPlans.employeeId, tim.id),
      );
      assert.equal(plan.startDate, "2027-01-04");
      assert.equal(plan.status, "OPEN");
      assert.equal(plan.ownerEmployeeId, tim.managerId);
      const tasks = await t.deps.db.select().from(onboardingTasks).where(eq(onboardingTasks.planId, plan.id))
        .orderBy(onboardingTasks.sortOrder);
      assert.deepEqual(
        tasks.map((x) => [x.phase, x.title, x.dueDate, x.assigneeEmployeeId]),
        [
          ["BEFORE_START", "Arbeitsvertrag unterschreiben", "2026-12-28", null],
          ["FIRST_DAY", "Willkommen im Team", "2027-01-04", tim.managerId],
          ["FIRST_WEEK", "Sicherheitsschulung", "2027-01-07", null],
          ["PROBATION", "Probezeitgespräch", "2027-03-30", tim.managerId],
        ],
      );
    });

    await ctx.step("the person's own tasks are among their to-dos", async () => {
      const todos = await listTodos(t.deps, {
        userId: "u",
        role: "employee",
        language: "de",
        employeeId: tim.id,
        channel: "PORTAL",
      });
      assert.equal(todos.onboarding.open, true);
      assert.deepEqual(todos.onboarding.tasks.filter((x) => x.mine).map((x) => x.title), [
        "Arbeitsvertrag unterschreiben",
        "Sicherheitsschulung",
      ]);
    });

    await ctx.step("someone without a manager gets no manager's tasks", async () => {
      const [plan] = await t.deps.db.select().from(onboardingPlans).where(
        eq(onboardingPlans.employeeId, eva.id),
      );
      const tasks = await t.deps.db.select().from(onboardingTasks).where(eq(onboardingTasks.planId, plan.id));
      assert.deepEqual(tasks.map((x) => x.title).sort(), [
        "Arbeitsvertrag unterschreiben",
        "Sicherheitsschulung",
      ]);
    });

    await ctx.step("updating an existing employee starts no second plan", async () => {
      const again = await importEmployees(
        t.deps,
        "personnel_number;first_name;last_name;canton;employment_start\nN-201;Eva;Roth-Meier;ZH;2027-02-01\n",
      );
      assert.ok(again.ok);
      const plans = await t.deps.db.select().from(onboardingPlans).where(
        eq(onboardingPlans.employeeId, eva.id),
      );
      assert.equal(plans.length, 1);
    });
  } finally {
    t.close();
  }
});

Deno.test("onboarding templates: a template the file gets wrong is refused with its place", async () => {
  const t = await makeTestApp();
  try {
    const cases: [string, RegExp][] = [
      [TEMPLATE.replace("FIRST_WEEK", "SOMETIME"), /onboardingTemplates\[0\]\.tasks\[2\]\.phase/],
      [
        TEMPLATE.replace("assignee: MANAGER }", "assignee: HR }"),
        /onboardingTemplates\[0\]\.tasks\[1\]\.assignee/,
      ],
      [
        "onboardingTemplates:\n  - { key: DEFAULT, name: Leer, tasks: [] }\n",
        /onboardingTemplates\[0\]\.tasks/,
      ],
      [TEMPLATE + TEMPLATE.replace("onboardingTemplates:\n", ""), /repeats entry 1 \(DEFAULT\)/],
    ];
    // The demo's own template DEFAULT stays as it was: a refused file changes nothing.
    const before = await t.deps.db.select().from(onboardingTemplates);
    assert.equal(before.length, 1);
    for (const [file, where] of cases) {
      const r = await applyConfiguration(t.deps, file);
      assert.equal(r.ok, false);
      if (!r.ok) assert.match(r.problems.map((p) => `${p.path}: ${p.message}`).join("\n"), where);
      assert.deepEqual(await t.deps.db.select().from(onboardingTemplates), before);
    }
  } finally {
    t.close();
  }
});
