import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { COMMANDS } from "../../src/cli/mod.ts";
import { employees, mcpAudit, users } from "../../src/db/schema/mod.ts";
import { openDatabase } from "../../src/db/client.ts";
import { enqueueMail } from "../../src/mail/outbox.ts";
import { cli } from "../_cli.ts";

/** Runs `hr-service <words…>` against the test app's database and captures what it says. */
Deno.test("cli: every command has --help that says how to use it", async (t) => {
  for (const c of COMMANDS) {
    await t.step(c.name, async () => {
      const r = await cli(undefined, [...c.name.split(" "), "--help"]);
      assert.equal(r.code, 0);
      assert.match(r.out, /Usage: hr-service /);
    });
  }
});

Deno.test("cli: accounts — first admin, add, set role, deactivate, reactivate, reset password", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const a = await cli(t, ["user", "create-admin", "--email", "Root@Example.ch"]);
    assert.equal(a.code, 0, a.err);
    const pw = /: (\S+)\n$/.exec(a.out)![1];
    assert.equal(pw.length, 24);
    await t.signIn("root@example.ch", pw);

    const again = await cli(t, ["user", "create-admin", "--email", "other@example.ch"]);
    assert.equal(again.code, 1);
    assert.match(again.err, /already exists/);

    const add = await cli(
      t,
      ["user", "add", "--email", "ida@example.ch", "--role", "hr", "--password-stdin"],
      "Laerchenwald-Fluss-88\n",
    );
    assert.equal(add.code, 0, add.err);
    assert.ok(!add.out.includes("Laerchenwald-Fluss-88"), "a given password is not echoed");
    const token = await t.signIn("ida@example.ch", "Laerchenwald-Fluss-88");

    const role = await cli(t, ["user", "set-role", "--email", "ida@example.ch", "--role", "manager"]);
    assert.equal(role.code, 0);
    assert.match(role.out, /from hr to manager/);
    const bad = await cli(t, ["user", "set-role", "--email", "ida@example.ch", "--role", "boss"]);
    assert.equal(bad.code, 1);
    assert.match(bad.err, /not a role/);

    assert.equal((await cli(t, ["user", "deactivate", "--email", "ida@example.ch"])).code, 0);
    assert.equal((await t.request("/api/v1/portal/auth/session", { token })).status, 401);
    assert.equal((await cli(t, ["user", "reactivate", "--email", "ida@example.ch"])).code, 0);
    const reset = await cli(t, ["user", "reset-password", "--email", "ida@example.ch"]);
    assert.equal(reset.code, 0);
    const newPw = /: (\S+)\n$/.exec(reset.out)![1];
    await t.signIn("ida@example.ch", newPw);

    const missing = await cli(t, ["user", "deactivate", "--email", "nobody@example.ch"]);
    assert.equal(missing.code, 1);
    assert.match(missing.err, /no account/);
    const usage = await cli(t, ["user", "add", "--email", "x@example.ch"]);
    assert.equal(usage.code, 2);
    assert.match(usage.err, /--role is required/);
    const unknownFlag = await cli(t, ["user", "list", "--colour"]);
    assert.equal(unknownFlag.code, 2);
  } finally {
    t.close();
  }
});

const HEADER =
  "personnel_number,first_name,last_name,work_email,canton,manager_personnel_number,department,employment_start,workload_percent,working_weekdays,iban";

Deno.test("cli: employees import validates every row, reports line numbers and changes nothing on error", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const bad = [
      HEADER,
      "P1,Lea,Keller,lea@example.ch,BE,,Finance,2020-02-01,100,1-5,",
      "P2,Tim,Roth,not-an-email,XX,P9,Finance,2021-02-30,150,1;8,",
      '"P3","Noé","Dubois, fils",noe@example.ch,VD,P1,"IT",2022-01-10,80,"1;2;3",CH9300762011623852957',
    ].join("\r\n");
    const r = await cli(t, ["employees", "import", "--file", "-"], bad);
    assert.equal(r.code, 1);
    assert.match(r.err, /Nothing was imported/);
    for (
      const msg of [
        /line 3: work_email/,
        /line 3: canton/,
        /line 3: employment_start/,
        /line 3: workload_percent/,
        /line 3: working_weekdays/,
      ]
    ) {
      assert.match(r.err, msg);
    }
    assert.equal((await t.deps.db.select().from(employees)).length, 0, "all or nothing");

    const good = [HEADER, bad.split("\r\n")[1], bad.split("\r\n")[3]].join("\n");
    const ok = await cli(t, ["employees", "import", "--file", "-"], good);
    assert.equal(ok.code, 0, ok.err);
    assert.match(ok.out, /2 added, 0 updated/);
    const noe = await t.deps.db.query.employees.findFirst({ where: eq(employees.personnelNumber, "P3") });
    assert.equal(noe?.lastName, "Dubois, fils");
    assert.equal(noe?.workingWeekdays, "1,2,3");
    const lea = await t.deps.db.query.employees.findFirst({ where: eq(employees.personnelNumber, "P1") });
    assert.equal(noe?.managerId, lea?.id);

    // Export, then import the export: the same people, updated in place.
    const exp = await cli(t, ["employees", "export"]);
    assert.equal(exp.code, 0);
    assert.match(exp.out, /^personnel_number,first_name/);
    const back = await cli(t, ["employees", "import", "--file", "-"], exp.out);
    assert.equal(back.code, 0, back.err);
    assert.match(back.out, /0 added, 2 updated/);
  } finally {
    t.close();
  }
});

Deno.test("cli: backup copies the database while it is in use, and the copy passes its integrity check", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    await cli(t, ["user", "create-admin", "--email", "root@example.ch"]);
    // A signing key exists (the authorization server creates it on first use).
    const { signingKey } = await import("../../src/oauth/tokens.ts");
    await signingKey(t.deps);
    const live = await t.deps.database.client.execute("SELECT kid, private_jwk FROM oauth_signing_keys");
    const { openPrivateKey } = await import("../../src/oauth/key_encryption.ts");
    const privateD = JSON.parse(
      await openPrivateKey(t.deps, String(live.rows[0].kid), String(live.rows[0].private_jwk)),
    ).d as string;
    assert.ok(privateD.length > 20);
    const dir = await Deno.makeTempDir();
    const target = `${dir}/backup.db`;
    // A write in flight on another connection while the backup runs.
    const writing = t.deps.db.insert(users).values({
      email: "late@example.ch",
      role: "employee",
      createdAt: 1,
      updatedAt: 1,
    });
    const r = await cli(t, ["backup", "--to", target]);
    await writing;
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /integrity check ok/);
    const copy = await openDatabase(`file:${target}`);
    const keys = await copy.client.execute(
      "SELECT private_jwk, public_jwk, retired_at FROM oauth_signing_keys",
    );
    assert.equal(keys.rows.length, 1);
    assert.equal(keys.rows[0].private_jwk, "", "no private signing key in the backup");
    assert.notEqual(keys.rows[0].retired_at, null);
    const bytes = await Deno.readFile(target);
    assert.ok(!new TextDecoder("latin1").decode(bytes).includes(privateD), "not even in free pages");
    const rows = await copy.client.execute(
      "SELECT email, password_hash FROM users WHERE email = 'root@example.ch'",
    );
    assert.equal(rows.rows.length, 1);
    assert.match(String(rows.rows[0].password_hash), /^scrypt\$/, "only the hash is in the backup");
    copy.close();
    const twice = await cli(t, ["backup", "--to", target]);
    assert.equal(twice.code, 1);
    assert.match(twice.err, /already exists/);
  } finally {
    t.close();
  }
});

Deno.test("cli: audit export of one person lists only the rows that concern them, as CSV or JSON", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const now = t.clock.now();
    const [a, b] = await t.deps.db.insert(employees).values([
      {
        personnelNumber: "P1",
        firstName: "A",
        lastName: "A",
        canton: "BE",
        employmentStart: "2020-01-01",
        createdAt: now,
        updatedAt: now,
      },
      {
        personnelNumber: "P2",
        firstName: "B",
        lastName: "B",
        canton: "ZH",
        employmentStart: "2020-01-01",
        createdAt: now,
        updatedAt: now,
      },
    ]).returning();
    const row = (name: string, touched: string[]) => ({
      createdAt: now,
      kind: "tool",
      name,
      argumentNames: JSON.stringify(["person"]),
      recordsTouched: JSON.stringify(touched),
      resultCount: touched.length,
      outcome: "ok",
    });
    await t.deps.db.insert(mcpAudit).values([
      row("get_employee", [a.id]),
      row("list_employees", [a.id, b.id]),
      row("whoami", []),
    ]);
    const json = await cli(t, ["audit", "export", "--person", "P2", "--format", "json"]);
    assert.equal(json.code, 0, json.err);
    const parsed = JSON.parse(json.out);
    assert.deepEqual(parsed.map((r: { name: string }) => r.name), ["list_employees"]);
    const csv = await cli(t, ["audit", "export", "--from", "2026-11-18", "--to", "2026-11-18"]);
    assert.equal(csv.out.trim().split("\r\n").length, 4);
    const none = await cli(t, ["audit", "export", "--from", "2026-11-19"]);
    assert.equal(none.out.trim().split("\r\n").length, 1);
    const bad = await cli(t, ["audit", "export", "--format", "xml"]);
    assert.equal(bad.code, 2);
  } finally {
    t.close();
  }
});

Deno.test("cli: mail list shows queued mail and says when SMTP is not configured", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    await enqueueMail(t.deps.db, t.clock, { to: "x@example.ch", subject: "Hello", text: "t" });
    const r = await cli(t, ["mail", "list"]);
    assert.equal(r.code, 0);
    assert.match(r.out, /QUEUED.*x@example\.ch.*Hello/);
    assert.match(r.out, /SMTP_URL is not set/);
  } finally {
    t.close();
  }
});

Deno.test("cli: allowance show and set", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    assert.match((await cli(t, ["allowance"])).out, /1000/);
    assert.equal((await cli(t, ["allowance", "set", "250"])).code, 0);
    assert.match((await cli(t, ["allowance", "show"])).out, /250/);
    assert.equal((await cli(t, ["allowance", "set", "lots"])).code, 2);
  } finally {
    t.close();
  }
});
