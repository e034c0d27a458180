import assert from "node:assert/strict";
import { gateBlockers, inLanguage, plannedTasks, renderTemplate } from "../../src/domain/recruiting.ts";

const task = (kind: string, title = kind, blocking = false) => ({
  id: kind,
  kind,
  title,
  emailTexts: {},
  blocking,
});

Deno.test("recruiting: a gated stage is blocked while any blocking task is open", async (t) => {
  const cases: [string, boolean, { title: string; blocking: boolean; done: boolean }[], string[]][] = [
    [
      "ungated stage ignores open tasks",
      false,
      [{ title: "Reference check", blocking: true, done: false }],
      [],
    ],
    ["gated, blocking task open", true, [{ title: "Reference check", blocking: true, done: false }], [
      "Reference check",
    ]],
    ["gated, blocking task done", true, [{ title: "Reference check", blocking: true, done: true }], []],
    [
      "gated, only a non-blocking task open",
      true,
      [{ title: "Send swag", blocking: false, done: false }],
      [],
    ],
    ["gated, no tasks", true, [], []],
  ];
  for (const [name, gated, tasks, expected] of cases) {
    await t.step(name, () => assert.deepEqual(gateBlockers({ gated }, tasks), expected));
  }
});

Deno.test("recruiting: the plan flags candidate e-mails and hiring", () => {
  const plan = plannedTasks({ marksHired: false }, [
    task("EMAIL_CANDIDATE", "Invite"),
    task("CREATE_TASK", "Reference check", true),
  ]);
  assert.deepEqual(plan.map((p) => [p.kind, p.emailsCandidate, p.marksHired]), [
    ["EMAIL_CANDIDATE", true, false],
    ["CREATE_TASK", false, false],
  ]);
  const hired = plannedTasks({ marksHired: true }, []);
  assert.equal(hired.length, 1);
  assert.equal(hired[0].marksHired, true);
  assert.equal(plannedTasks({ marksHired: true }, [task("MARK_HIRED")]).length, 1, "not marked twice");
  assert.deepEqual(
    plannedTasks({ marksHired: false }, [task("LAUNCH_ROCKET")]),
    [],
    "unknown kinds are ignored",
  );
});

Deno.test("recruiting: templates fill known placeholders and keep unknown ones", () => {
  assert.equal(
    renderTemplate("Hello {firstName}, about {position} {unknown}", {
      firstName: "Noé",
      position: "Engineer",
    }),
    "Hello Noé, about Engineer {unknown}",
  );
});

Deno.test("recruiting: a text in the reader's language, else German, else the first there is", async (t) => {
  const cases: [string, Partial<Record<string, string>>, string, string | null][] = [
    ["the reader's own", { de: "Hallo", fr: "Bonjour" }, "fr", "Bonjour"],
    ["German when theirs is missing", { de: "Hallo", fr: "Bonjour" }, "it", "Hallo"],
    ["the first there is without German", { fr: "Bonjour" }, "en", "Bonjour"],
    ["none", {}, "de", null],
  ];
  for (const [name, texts, lang, expected] of cases) {
    await t.step(name, () => assert.equal(inLanguage(texts, lang), expected));
  }
});
