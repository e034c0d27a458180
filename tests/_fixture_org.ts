/**
 * A second organisation, built as a customer builds one: Vetreria Ceresio SA, a fictional glassworks of 13
 * people in Ticino and Zurich (`tests/fixtures/org.yaml`, `tests/fixtures/people.csv`, an Excel-CH file),
 * set up with the README's commands only: `leave-types init`, `user create-admin`, `org apply`,
 * `pay-dates generate`, `employees import`, then `user add` for the accounts a test needs. Its one open
 * position is saved through the console's own form, there being no command for positions.
 */
import assert from "node:assert/strict";
import { makeTestApp, type TestApp } from "./_helpers.ts";
import { cli } from "./_cli.ts";

const FIXTURES = new URL("./fixtures/", import.meta.url).pathname;
export const ORG_YAML = `${FIXTURES}org.yaml`;
export const PEOPLE_CSV = `${FIXTURES}people.csv`;

/** The administrator `user create-admin` makes: no employee record, reads the console in Italian. */
export const ADMIN = { email: "amministrazione@ceresio.example", password: "Vetro-soffiato-Lugano-2026!" };

/** The password `personPassword` gives an account made with `user add`: its own per person. */
export function personPassword(pn: string): string {
  return `Ceresio-${pn}-vetro-di-Murano!`;
}

export interface FixturePerson {
  pn: string;
  firstName: string;
  lastName: string;
  email: string;
  language: string;
  canton: string;
  managerPn: string;
}

/** The people of the employee file, read as a test reads them (the file is the source, not a copy). */
export async function fixturePeople(): Promise<FixturePerson[]> {
  const text = (await Deno.readTextFile(PEOPLE_CSV)).replace(/^\uFEFF/, "");
  const [head, ...rows] = text.split("\r\n").filter((l) => l);
  const cols = head.split(";");
  return rows.map((r) => {
    const cell = Object.fromEntries(r.split(";").map((v, i) => [cols[i], v]));
    return {
      pn: cell.personnel_number,
      firstName: cell.first_name,
      lastName: cell.last_name,
      email: cell.work_email,
      language: cell.language,
      canton: cell.canton,
      managerPn: cell.manager_personnel_number,
    };
  });
}

async function run(t: TestApp, words: string[], stdin = "") {
  const r = await cli(t, words, stdin);
  assert.equal(r.code, 0, `${words.join(" ")}\n${r.out}${r.err}`);
  return r;
}

/**
 * The organisation on an empty database, at the tests' clock unless `now` is given. `env` as for
 * `makeTestApp` (a served test gives its origin and mail server).
 */
export async function buildFixtureOrg(
  opts: { now?: string; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const t = await makeTestApp({ demo: false, now: opts.now, env: opts.env });
  try {
    await run(t, ["leave-types", "init"]);
    await run(
      t,
      ["user", "create-admin", "--email", ADMIN.email, "--language", "it", "--password-stdin"],
      ADMIN.password,
    );
    await run(t, ["org", "apply", "--file", ORG_YAML]);
    await run(t, ["pay-dates", "generate"]);
    await run(t, ["employees", "import", "--file", PEOPLE_CSV, "--dry-run"]);
    await run(t, ["employees", "import", "--file", PEOPLE_CSV]);
    return t;
  } catch (e) {
    t.close();
    throw e;
  }
}

/** Accounts for these people (`user add`, their password `personPassword`), in the language of their record. */
export async function addAccounts(t: TestApp, accounts: [pn: string, role: string][]): Promise<void> {
  const people = new Map((await fixturePeople()).map((p) => [p.pn, p]));
  for (const [pn, role] of accounts) {
    const p = people.get(pn);
    assert.ok(p, pn);
    await run(
      t,
      ["user", "add", "--email", p.email, "--role", role, "--employee", pn, "--password-stdin"],
      personPassword(pn),
    );
  }
}

/** The open position's title, in Italian as the careers page shows it. */
export const POSITION_TITLE = "Vetraio/a 100 %";

/**
 * The administrator opens the position in the console (the form HR fills in at /hr/recruiting), with Matteo
 * Cattaneo (V02) as the hiring manager; its id.
 */
export async function openPosition(t: TestApp): Promise<string> {
  const cookie = { Cookie: `hr_session=${await t.signIn(ADMIN.email, ADMIN.password)}` };
  const page = await (await t.request("/hr/recruiting", { headers: cookie })).text();
  const csrf = /name="csrf" value="([0-9a-f]{64})"/.exec(page)?.[1];
  assert.ok(csrf, page.slice(0, 500));
  const saved = await t.request("/hr/recruiting/positions", {
    method: "POST",
    headers: { ...cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      csrf,
      title: POSITION_TITLE,
      status: "OPEN",
      department: "Produzione",
      location: "Lugano",
      canton: "TI",
      workload_min: "100",
      workload_max: "100",
      hiring_manager: "V02",
      recruiters: "",
      start_date: "2027-03-01",
      ad_it: "## Vetraio/a\n\nSoffi e lavori il vetro nella nostra vetreria di **Lugano**.",
      ad_de: "## Glasbläser/in\n\nSie blasen und bearbeiten Glas in unserer Glashütte in Lugano.",
    }).toString(),
  });
  const body = await saved.text();
  assert.equal(saved.status, 200, body.slice(0, 800));
  const rows = await t.deps.database.client.execute({
    sql: "SELECT id FROM positions WHERE title = ?",
    args: [POSITION_TITLE],
  });
  assert.equal(rows.rows.length, 1, body.slice(0, 800));
  return String(rows.rows[0].id);
}
