/**
 * A new installation as a customer builds one: the standard leave types, `org apply` with the settings,
 * `employees import` of an Excel file, and the first administrator from `user create-admin`, who has no
 * employee record.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { TestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { users } from "../../src/db/schema/mod.ts";

export const ORG_FILE = `settings:
  name: Rossi Sagl
  canton: TI
  payday: 25
  languages: [de, it]
  timeZone: Europe/Zurich
`;

export const PEOPLE_FILE =
  "personnel_number;first_name;last_name;work_email;canton;employment_start;birth_date\r\n" +
  "T1;Giulia;Rossi;giulia.rossi@example.ch;TI;01.03.2020;15.06.1985\r\n" +
  "T2;Marco;Bianchi;marco.bianchi@example.ch;ZH;01.01.2024;02.02.1990\r\n";

/**
 * A new installation with its first administrator (language `opts.language`, else German), signed in; the
 * session cookie. `opts.people` replaces the employee file.
 */
export async function newInstallation(
  t: TestApp,
  opts: { language?: string; people?: string } = {},
): Promise<Record<string, string>> {
  const dir = await Deno.makeTempDir({ prefix: "hr-admin-no-record-" });
  try {
    assert.equal((await cli(t, ["leave-types", "init"])).code, 0);
    await Deno.writeTextFile(`${dir}/org.yaml`, ORG_FILE);
    const org = await cli(t, ["org", "apply", "--file", `${dir}/org.yaml`]);
    assert.equal(org.code, 0, org.err);
    await Deno.writeTextFile(`${dir}/people.csv`, opts.people ?? PEOPLE_FILE);
    const people = await cli(t, ["employees", "import", "--file", `${dir}/people.csv`]);
    assert.equal(people.code, 0, people.err);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  const admin = await cli(
    t,
    ["user", "create-admin", "--email", "admin@rossi.example", "--password-stdin"],
    "Ticino-Lago-Maggiore-2026!",
  );
  assert.equal(admin.code, 0, admin.err);
  if (opts.language) {
    await t.deps.db.update(users).set({ language: opts.language }).where(
      eq(users.email, "admin@rossi.example"),
    );
  }
  return { Cookie: `hr_session=${await t.signIn("admin@rossi.example", "Ticino-Lago-Maggiore-2026!")}` };
}
