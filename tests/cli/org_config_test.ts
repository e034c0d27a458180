import assert from "node:assert/strict";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { getSetting } from "../../src/settings.ts";
import { cli } from "../_cli.ts";

async function exported(t: TestApp): Promise<string> {
  const r = await cli(t, ["org", "export", "--file", "-"]);
  assert.equal(r.code, 0, r.err);
  return r.out;
}

/** Every row of the configuration tables, to see that a refused apply changed nothing at all. */
async function snapshot(t: TestApp): Promise<string> {
  const out: unknown[] = [];
  for (
    const table of [
      "settings",
      "leave_types",
      "closure_periods",
      "school_holidays",
      "documents",
      "document_translations",
      "stages",
      "stage_automatic_tasks",
      "pay_dates",
    ]
  ) {
    out.push((await t.deps.db.$client.execute(`SELECT * FROM ${table} ORDER BY 1, 2`)).rows);
  }
  return JSON.stringify(out);
}

const SETTINGS =
  "settings:\n  name: Muster AG\n  canton: BE\n  payday: 25\n  languages:\n    - de\n    - fr\n" +
  "  halfDays:\n    - 12-24\n  timeZone: Europe/Zurich\n";

Deno.test("org config: export from the demo, apply into an empty database, export again: the same file", async () => {
  const demo = await makeTestApp();
  const empty = await makeTestApp({ demo: false });
  try {
    const first = (await exported(demo)).replace(/settings:\n( {2}.*\n)+/, SETTINGS);
    assert.match(first, /code: VACATION/);
    assert.match(first, /slug: /);
    assert.match(first, /kind: EMAIL_CANDIDATE/);
    const path = await Deno.makeTempFile({ suffix: ".yaml" });
    await Deno.writeTextFile(path, first);
    const r = await cli(empty, ["org", "apply", "--file", path]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /leaveTypes: 10 created, 0 updated, 0 unchanged/);
    assert.match(r.out, /stages: 6 created/);
    assert.equal(await exported(empty), first);
    assert.equal(await getSetting(empty.deps, "organisationName"), "Muster AG");
    assert.equal(await getSetting(empty.deps, "paydayDay"), 25);
    assert.deepEqual(await getSetting(empty.deps, "languages"), ["de", "fr"]);
    assert.deepEqual(await getSetting(empty.deps, "halfDayHolidays"), ["12-24"]);

    const out = await Deno.makeTempFile({ suffix: ".yaml" });
    const w = await cli(empty, ["org", "export", "--file", out]);
    assert.equal(w.code, 0);
    assert.equal(await Deno.readTextFile(out), first);
  } finally {
    demo.close();
    empty.close();
  }
});

Deno.test("org config: applying the same file twice changes nothing the second time", async () => {
  const demo = await makeTestApp();
  const empty = await makeTestApp({ demo: false });
  try {
    const text = (await exported(demo)).replace(/settings:\n( {2}.*\n)+/, SETTINGS);
    assert.equal((await cli(empty, ["org", "apply", "--file", "-"], text)).code, 0);
    const before = await snapshot(empty);
    empty.clock.advance(60_000);
    const again = await cli(empty, ["org", "apply", "--file", "-"], text);
    assert.equal(again.code, 0, again.err);
    assert.match(again.out, /\n0 change\(s\) applied\.\n$/);
    assert.match(again.out, /settings: 0 created, 0 updated, 5 unchanged/);
    assert.match(again.out, /schoolHolidays: 0 created, 0 updated, 45 unchanged/);
    assert.equal(await snapshot(empty), before);

    // The demo database applied to itself changes nothing either.
    const self = await cli(demo, ["org", "apply", "--file", "-"], await exported(demo));
    assert.match(self.out, /\n0 change\(s\) applied\.\n$/);
  } finally {
    demo.close();
    empty.close();
  }
});

Deno.test("org config: a changed entry is updated, others are left alone and reported as not in the file", async () => {
  const t = await makeTestApp();
  try {
    const before = await exported(t);
    const file = "leaveTypes:\n  - code: VACATION\n    name: {de: Ferien, en: Vacation, fr: Vacances}\n" +
      "    annualDays: 27\n    carryOverMaxDays: 5\n  - code: TRAINING\n" +
      "    name: {de: Weiterbildung, en: Training, fr: Formation}\n    deductsBalance: false\n";
    const r = await cli(t, ["org", "apply", "--file", "-"], file);
    assert.equal(r.code, 0, r.err);
    assert.match(
      r.out,
      /leaveTypes: 1 created, 1 updated, 0 unchanged; not in the file \(left alone\): BEREAVEMENT, CARE, COMPENSATION, MATERNITY, MOVING, OTHER_PARENT, SPECIAL, UNPAID, WEDDING\n/,
    );
    assert.match(
      r.out,
      /Sections not in the file \(left alone\): settings, closures, schoolHolidays, documents, stages, onboardingTemplates\n/,
    );
    assert.match(r.out, /\n2 change\(s\) applied\.\n$/);
    const after = await exported(t);
    assert.match(after, /code: VACATION\n( {4}.*\n)* {4}annualDays: 27\n/);
    assert.match(after, /code: TRAINING/);
    assert.match(after, /code: UNPAID/);
    assert.equal(after.split("closures:")[1], before.split("closures:")[1]);
  } finally {
    t.close();
  }
});

Deno.test("org config: a file with problems in several sections reports every one with its line, changes nothing", async () => {
  const t = await makeTestApp();
  try {
    const before = await snapshot(t);
    const file = [
      "settings:", // 1
      "  canton: XX", // 2
      "  payday: 32", // 3
      "  languages: [fr, en]", // 4
      "  timeZone: America/New_York", // 5
      "leaveTypes:", // 6
      "  - code: MOVING", // 7
      "    name: {de: Umzug, en: Moving, fr: Déménagement}", // 8
      "  - code: MOVING", // 9
      "    name: {de: Umzug, en: Moving, fr: Déménagement}", // 10
      "# closures follow", // 11
      "closures:", // 12
      "  - start: 2026-12-24", // 13
      "    end: 2026-12-20", // 14
      "    name: {de: Zu, en: Closed, fr: Fermé}", // 15
      "documents:", // 16
      "  - slug: handbook", // 17
      "    translations:", // 18
      "      fr: {title: Manuel, body: Texte}", // 19
      "stages:", // 20
      "  - key: NEW", // 21
      "    name: {de: Neu, en: New, fr: Nouvelle}", // 22
      "    order: 1", // 23
      "    colour: blue", // 24
      "holidays: []", // 25
      "",
    ].join("\n");
    const r = await cli(t, ["org", "apply", "--file", "-"], file);
    assert.equal(r.code, 1);
    assert.equal(r.out, "");
    const lines = r.err.split("\n");
    assert.equal(lines[0], "Nothing was applied. 9 problem(s):");
    const expect = [
      /^ {2}line 2, settings\.canton: must be one of the 26 canton codes/,
      /^ {2}line 3, settings\.payday: must be a whole day of the month from 1 to 31/,
      /^ {2}line 4, settings\.languages: must include de/,
      /^ {2}line 5, settings\.timeZone: is America\/New_York but the service runs with Europe\/Zurich; .*set TIME_ZONE=America\/New_York/,
      /^ {2}line 9, leaveTypes\[1\]\.code: repeats entry 1 \(MOVING\)/,
      /^ {2}line 14, closures\[0\]\.end: is before start 2026-12-24/,
      /^ {2}line 18, documents\[0\]\.translations: must include de/,
      /^ {2}line 24, stages\[0\]\.colour: unknown key/,
      /^ {2}line 25, holidays: unknown section/,
    ];
    expect.forEach((re, i) => assert.match(lines[i + 1], re));
    assert.equal(await snapshot(t), before);
  } finally {
    t.close();
  }
});

Deno.test("org config: refusals of the file itself and of the command line", async (t) => {
  const app = await makeTestApp({ demo: false });
  try {
    const before = await snapshot(app);
    await t.step("not YAML: the line of the syntax error", async () => {
      const r = await cli(app, ["org", "apply", "--file", "-"], "leaveTypes:\n  - code: A\n   name: [\n");
      assert.equal(r.code, 1);
      assert.match(r.err, /^Nothing was applied\. \d+ problem\(s\):\n {2}line \d+: not readable as YAML/);
    });
    await t.step("a key twice", async () => {
      const r = await cli(app, ["org", "apply", "--file", "-"], "settings:\n  name: A\n  name: B\n");
      assert.equal(r.code, 1);
      assert.match(r.err, /line 3: not readable as YAML: Map keys must be unique/);
    });
    await t.step("not a mapping", async () => {
      const r = await cli(app, ["org", "apply", "--file", "-"], "- a\n- b\n");
      assert.equal(r.code, 1);
      assert.match(r.err, /line 1: the file must be a mapping of sections/);
    });
    await t.step("unknown key in a nested list entry", async () => {
      const r = await cli(
        app,
        ["org", "apply", "--file", "-"],
        "stages:\n  - key: NEW\n    name: {de: Neu, en: New, fr: Nouvelle}\n    order: 1\n" +
          "    automaticTasks:\n      - kind: CREATE_TASK\n        title: Call\n        due: tomorrow\n",
      );
      assert.equal(r.code, 1);
      assert.match(r.err, /line 8, stages\[0\]\.automaticTasks\[0\]\.due: unknown key/);
    });
    await t.step("a missing required field names the entry", async () => {
      const r = await cli(
        app,
        ["org", "apply", "--file", "-"],
        "closures:\n  - start: 2026-12-24\n    end: 2026-12-31\n",
      );
      assert.equal(r.code, 1);
      assert.match(r.err, /line 2, closures\[0\]\.name: /);
    });
    await t.step("a date that does not exist", async () => {
      const r = await cli(
        app,
        ["org", "apply", "--file", "-"],
        "schoolHolidays:\n  - canton: BE\n    start: 2027-02-29\n    end: 2027-03-07\n" +
          "    name: {de: Sportferien, en: Sports holidays, fr: Relâches}\n",
      );
      assert.equal(r.code, 1);
      assert.match(r.err, /line 3, schoolHolidays\[0\]\.start: must be a date YYYY-MM-DD that exists/);
    });
    await t.step("an unreadable file", async () => {
      const r = await cli(app, ["org", "apply", "--file", "/nonexistent/org.yaml"]);
      assert.equal(r.code, 1);
      assert.match(r.err, /Cannot read \/nonexistent\/org\.yaml/);
    });
    await t.step("--file missing", async () => {
      for (const verb of ["apply", "export"]) {
        const r = await cli(app, ["org", verb]);
        assert.equal(r.code, 2);
        assert.match(r.err, /--file is required/);
      }
    });
    assert.equal(await snapshot(app), before);
  } finally {
    app.close();
  }
});

Deno.test("pay-dates generate: the year's pay dates from the payday rule and the canton's holidays", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const none = await cli(t, ["pay-dates", "generate", "--year", "2027"]);
    assert.equal(none.code, 1);
    assert.match(none.err, /The payday rule is not set/);
    const bad = await cli(t, ["pay-dates", "generate", "--year", "27"]);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /--year must be a year/);

    assert.equal((await cli(t, ["org", "apply", "--file", "-"], "settings:\n  payday: 25\n")).code, 0);
    const noCanton = await cli(t, ["pay-dates", "generate", "--year", "2027"]);
    assert.equal(noCanton.code, 1);
    assert.match(noCanton.err, /The default canton is not set/);

    assert.equal((await cli(t, ["org", "apply", "--file", "-"], "settings:\n  canton: BE\n")).code, 0);
    const r = await cli(t, ["pay-dates", "generate", "--year", "2027"]);
    assert.equal(r.code, 0, r.err);
    assert.equal(
      r.out,
      "Pay dates 2027: 2027-01-25, 2027-02-25, 2027-03-25, 2027-04-23, 2027-05-25, 2027-06-25, " +
        "2027-07-23, 2027-08-25, 2027-09-24, 2027-10-25, 2027-11-25, 2027-12-24 (12 change(s)).\n",
    );
    const again = await cli(t, ["pay-dates", "generate", "--year", "2027"]);
    assert.match(again.out, /\(0 change\(s\)\)\.\n$/);
    const rows = await t.deps.db.$client.execute(
      "SELECT count(*) AS n FROM pay_dates WHERE period LIKE '2027-%'",
    );
    assert.equal(Number(rows.rows[0].n), 12);
  } finally {
    t.close();
  }
});

Deno.test("org config: a leave type's policy travels in the file (steps, half days, Italian name) with the policy's refusals", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const file = [
      "leaveTypes:",
      "  - code: VACATION",
      "    name: {de: Ferien, en: Vacation, fr: Vacances, it: Vacanze}",
      "    annualDays: 25",
      '    steps: ["age>=50:27", "service>=10:26"]',
      "    halfDays: false",
      "",
    ].join("\n");
    const r = await cli(t, ["org", "apply", "--file", "-"], file);
    assert.equal(r.code, 0, r.err);
    const out = await cli(t, ["org", "export", "--file", "-"]);
    assert.match(out.out, /steps:\n\s+- age>=50:27\n\s+- service>=10:26\n\s+halfDays: false/);
    assert.match(out.out, /it: Vacanze/);
    const bad = [
      "leaveTypes:",
      "  - code: VACATION",
      "    name: {de: Ferien, en: Vacation, fr: Vacances}",
      "    annualDays: 18",
      '    steps: ["age>=50:17", "50:27"]',
      "",
    ].join("\n");
    const refused = await cli(t, ["org", "apply", "--file", "-"], bad);
    assert.equal(refused.code, 1);
    assert.match(refused.err, /leaveTypes\[0\]\.steps\[1\]: a step is written "age>=50:27"/);
    const second = [
      "leaveTypes:",
      "  - code: VACATION",
      "    name: {de: Ferien, en: Vacation, fr: Vacances}",
      "    annualDays: 18",
      '    steps: ["age>=50:17"]',
      "",
    ].join("\n");
    const refused2 = await cli(t, ["org", "apply", "--file", "-"], second);
    assert.equal(refused2.code, 1);
    assert.match(refused2.err, /step 1 gives 17 days, fewer than the base of 18/);
    assert.match(refused2.err, /vacation is at least 20 days of a five-day week \(OR Art\. 329a para\. 1\)/);
    assert.match((await cli(t, ["org", "export", "--file", "-"])).out, /annualDays: 25/, "nothing changed");
  } finally {
    t.close();
  }
});

Deno.test("org config: special leave's length per event travels in the file, with its refusals", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const file = [
      "leaveTypes:",
      "  - code: MOVING",
      "    name: {de: Umzug, en: Moving house, fr: Déménagement}",
      "    deductsBalance: false",
      "    overdraft: FLAG",
      "    perEvent: {days: 2}",
      "  - code: OTHER_PARENT",
      "    name: {de: Anderer Elternteil, en: Other parent, fr: Autre parent}",
      "    deductsBalance: false",
      "    perEvent: {days: 10, unit: WORKING_DAYS, withinMonths: 6}",
      "",
    ].join("\n");
    const r = await cli(t, ["org", "apply", "--file", "-"], file);
    assert.equal(r.code, 0, r.err);
    const out = (await cli(t, ["org", "export", "--file", "-"])).out;
    assert.match(out, /code: MOVING\n(\s+.*\n)*?\s+perEvent:\n\s+days: 2\n\s+unit: WORKING_DAYS\n/);
    assert.match(out, /perEvent:\n\s+days: 10\n\s+unit: WORKING_DAYS\n\s+withinMonths: 6\n/);
    assert.match((await cli(t, ["org", "apply", "--file", "-"], out)).out, /0 change\(s\) applied/);
    const before = await snapshot(t);
    const bad = [
      "leaveTypes:",
      "  - code: MOVING",
      "    name: {de: Umzug, en: Moving house, fr: Déménagement}",
      "    perEvent: {days: 0, unit: HOURS, withinMonths: 1.5}",
      "",
    ].join("\n");
    const refused = await cli(t, ["org", "apply", "--file", "-"], bad);
    assert.equal(refused.code, 1);
    assert.match(refused.err, /line 4, leaveTypes\[0\]\.perEvent\.days: /);
    assert.match(refused.err, /leaveTypes\[0\]\.perEvent\.unit: /);
    assert.match(refused.err, /leaveTypes\[0\]\.perEvent\.withinMonths: /);
    assert.equal(await snapshot(t), before, "nothing changed");
  } finally {
    t.close();
  }
});
