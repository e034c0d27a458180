/**
 * An organisation set up the way a customer sets one up: the README's first commands, run in process against
 * the test's database (leave types, optionally the first admin, the configuration file, the Excel-CH employee
 * file). The tests that need "not the demo" share this one set-up and say only what differs: the people.
 */
import assert from "node:assert/strict";
import type { TestApp } from "./_helpers.ts";
import { cli } from "./_cli.ts";

/** A small Bernese company's configuration file: German and French, vacation by age with carry-over. */
export const MUSTER_ORG_YAML = `settings:
  name: Muster AG
  canton: BE
  payday: 25
  languages: [de, fr]
  timeZone: Europe/Zurich
leaveTypes:
  - code: VACATION
    name: { de: Ferien, en: Vacation, fr: Vacances, it: Vacanze }
    annualDays: 25
    steps: ["age>=50:27"]
    carryOverMaxDays: 5
    carryOverExpiry: 03-31
`;

/**
 * Runs `leave-types init`, `user create-admin` (when an admin is given; with `--password-stdin` when a
 * password is), `org apply` and `employees import` with the given files; fails the test on any non-zero exit.
 * Returns the folder the files were written to (the caller removes it).
 */
export async function buildByCommands(
  t: TestApp,
  opts: { peopleCsv: string; orgYaml?: string; admin?: { email: string; password?: string } },
): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "hr-command-org-" });
  const steps: [string[], string][] = [[["leave-types", "init"], ""]];
  if (opts.admin) {
    steps.push([
      [
        "user",
        "create-admin",
        "--email",
        opts.admin.email,
        ...(opts.admin.password ? ["--password-stdin"] : []),
      ],
      opts.admin.password ?? "",
    ]);
  }
  for (const [words, stdin] of steps) {
    const r = await cli(t, words, stdin);
    assert.equal(r.code, 0, r.err);
  }
  await Deno.writeTextFile(`${dir}/org.yaml`, opts.orgYaml ?? MUSTER_ORG_YAML);
  const applied = await cli(t, ["org", "apply", "--file", `${dir}/org.yaml`]);
  assert.equal(applied.code, 0, applied.err);
  await Deno.writeTextFile(`${dir}/people.csv`, opts.peopleCsv);
  const imported = await cli(t, ["employees", "import", "--file", `${dir}/people.csv`]);
  assert.equal(imported.code, 0, imported.err);
  return dir;
}
