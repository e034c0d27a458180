import { parseArgs } from "node:util";
import { UsageError } from "./errors.ts";
import { nothingImported, text as need } from "./args.ts";
import type { Command, Io } from "./command.ts";
import type { AppDeps } from "../deps.ts";
import {
  addUser,
  CommandError,
  createFirstAdmin,
  linkUser,
  listUsers,
  peopleNeverInvited,
  resetPassword,
  setActive,
  setRole,
} from "./accounts.ts";
import { exportEmployees, importEmployees } from "../services/employee_file.ts";
import type { PersonChange } from "../services/employee_records.ts";
import { backupDatabase } from "./backup.ts";
import { encryptedBackup, restoreBackup } from "./backup_crypto.ts";
import { exportAudit } from "./audit.ts";
import { listMail } from "../mail/outbox.ts";
import { invite } from "../services/invitations.ts";
import { AppError } from "../errors.ts";
import { todayOf } from "../services/common.ts";
import { getSetting, setSetting } from "../settings.ts";
import { HALF_DAY_HOLIDAYS, isHalfDayList, isRegionalDayList, REGIONAL_DAYS } from "../domain/calendar.ts";
import { assistantCommands } from "./assistants.ts";
import { privacyCommands } from "./privacy.ts";
import { leaveTypeCommands } from "./leave_types.ts";
import { payCommands } from "./pay.ts";
import { orgCommands } from "./org.ts";
import { onboardingCommands } from "./onboarding.ts";
import { documentCommands } from "./documents.ts";

export type { Command, Io } from "./command.ts";

const PASSWORD_OPTS = { "password-stdin": { type: "boolean" as const } };

async function passwordFrom(values: Record<string, unknown>, io: Io): Promise<string | undefined> {
  if (!values["password-stdin"]) return undefined;
  const text = (await io.readStdin()).replace(/\r?\n$/, "");
  if (!text) throw new CommandError("No password arrived on standard input.");
  return text;
}

export { UsageError } from "./errors.ts";

/**
 * What happens to mail a command queues: the running service delivers it when it started with SMTP_URL
 * (the outbox is in the database), whatever this command's own environment says.
 */
async function queuedNote(deps: AppDeps, what: "it" | "them"): Promise<string> {
  if (deps.config.smtpUrl) return "";
  return (await getSetting(deps, "servedWith"))?.smtp
    ? ` The running service sends ${what} (it started with SMTP_URL).`
    : ` SMTP_URL is not set: ${what === "it" ? "the mail stays" : "mail stays"} queued.`;
}

/** Fields whose value is not shown in full in a dry run's report: the last four characters say which. */
const MASKED: ReadonlySet<string> = new Set(["ahv_number", "iban"]);

/** One person's line of a dry run: new, or each field from its old value to its new one. */
function describeChange(c: PersonChange): string {
  if (c.created) return `  ${c.personnelNumber} ${c.name}: new`;
  const show = (column: string, v: string) =>
    v === "" ? "(empty)" : MASKED.has(column) && v.length > 4 ? `…${v.slice(-4)}` : JSON.stringify(v);
  return `  ${c.personnelNumber} ${c.name}: ${
    c.fields.map((f) => `${f.column} ${show(f.column, f.before)} → ${show(f.column, f.after)}`).join("; ")
  }`;
}

function showPassword(io: Io, email: string, r: { password: string; generated: boolean }) {
  if (r.generated) {
    io.out(`Password for ${email} (shown once; ask them to keep it safe): ${r.password}\n`);
  }
}

export const COMMANDS: Command[] = [
  {
    name: "user create-admin",
    summary: "Create the first administrator account",
    usage: "user create-admin --email <e-mail> [--employee <personnel number>] [--language de|en|fr|it]\n" +
      "                  [--password-stdin]\n\n" +
      "Without --password-stdin a strong password is generated and shown once.\n" +
      "--employee links the account to your own record from the employee file (run it after\n" +
      "'employees import'), so the app shows your leave, hours and payslips; later: 'user link'.\n" +
      "--language is the language the console speaks to the administrator (default: the record's, else\n" +
      "German).\n" +
      "Refused when an administrator already exists (use 'user add --role admin').",
    options: {
      email: { type: "string" },
      employee: { type: "string" },
      language: { type: "string" },
      ...PASSWORD_OPTS,
    },
    async run(deps, { values }, io) {
      const email = need(values, "email");
      const employee = values.employee as string | undefined;
      const r = await createFirstAdmin(deps, {
        email,
        password: await passwordFrom(values, io),
        language: values.language as string | undefined,
        employee,
      });
      io.out(
        `Administrator ${email.toLowerCase()} created${
          employee ? `, linked to employee ${employee}` : ""
        }.\n`,
      );
      showPassword(io, email.toLowerCase(), r);
      return 0;
    },
  },
  {
    name: "user add",
    summary: "Add an account (optionally linked to an employee)",
    usage:
      "user add --email <e-mail> --role <employee|recruiter|manager|hr|admin> [--employee <personnel number>]\n" +
      "         [--language de|en|fr|it] [--password-stdin]",
    options: {
      email: { type: "string" },
      role: { type: "string" },
      employee: { type: "string" },
      language: { type: "string" },
      ...PASSWORD_OPTS,
    },
    async run(deps, { values }, io) {
      const email = need(values, "email");
      const r = await addUser(deps, {
        email,
        role: need(values, "role"),
        employee: values.employee as string | undefined,
        language: values.language as string | undefined,
        password: await passwordFrom(values, io),
      });
      io.out(`Account ${email.toLowerCase()} added with role ${values.role}.\n`);
      showPassword(io, email.toLowerCase(), r);
      return 0;
    },
  },
  {
    name: "user invite",
    summary: "Invite a person by e-mail to set their own password (a single-use link, valid 7 days)",
    usage: "user invite --email <e-mail> --role <employee|recruiter|manager|hr|admin>\n" +
      "            [--employee <personnel number>] [--language de|en|fr|it]\n\n" +
      "Creates the account without a password and queues the invitation e-mail (see 'mail list'); inviting\n" +
      "again replaces the earlier link. Nobody but the person ever knows the password.",
    options: {
      email: { type: "string" },
      role: { type: "string" },
      employee: { type: "string" },
      language: { type: "string" },
    },
    async run(deps, { values }, io) {
      const email = need(values, "email");
      try {
        const r = await invite(deps, {
          email,
          role: need(values, "role"),
          employee: values.employee as string | undefined,
          language: values.language as string | undefined,
        });
        io.out(
          `Invitation for ${email.toLowerCase()} queued; the link works until ${
            new Date(r.expiresAt).toISOString()
          }.${await queuedNote(deps, "it")}\n`,
        );
        return 0;
      } catch (e) {
        if (e instanceof AppError) throw new CommandError(e.message);
        throw e;
      }
    },
  },
  {
    name: "user link",
    summary: "Link an account to its employee record (so the app shows the person's own data)",
    usage: "user link --email <e-mail> --employee <personnel number>",
    options: { email: { type: "string" }, employee: { type: "string" } },
    async run(deps, { values }, io) {
      const email = need(values, "email");
      const pn = need(values, "employee");
      const r = await linkUser(deps, email, pn);
      io.out(
        `Account ${email.toLowerCase()} ${r.changed ? "linked" : "was already linked"} to employee ${pn}.\n`,
      );
      return 0;
    },
  },
  {
    name: "user list",
    summary: "List accounts (active, invited without a password yet, deactivated) and people never invited",
    usage: "user list\n\n" +
      "Each account with its role and state: active (a password set, or signed in through the organisation's\n" +
      "sign-on), invited (the invitation's link not yet followed), deactivated; then the people of the employee\n" +
      "file, still employed, who have no account: never invited.",
    async run(deps, _a, io) {
      const rows = await listUsers(deps);
      const now = deps.clock.now();
      for (const u of rows) {
        const locked = u.lockedUntil !== null && u.lockedUntil > now
          ? `  locked until ${new Date(u.lockedUntil).toISOString().slice(11, 16)} UTC`
          : "";
        io.out(
          `${u.email.padEnd(32)} ${u.role.padEnd(10)} ${u.state.padEnd(13)}${
            u.employeeId ? "" : "  (no employee record)"
          }${locked}\n`,
        );
      }
      const never = await peopleNeverInvited(deps, todayOf(deps));
      for (const p of never) {
        io.out(
          `${(p.workEmail ?? "(no work e-mail)").padEnd(32)} ${"".padEnd(10)} ${
            "never invited".padEnd(13)
          }  ${p.personnelNumber} ${p.firstName} ${p.lastName}\n`,
        );
      }
      const count = (s: string) => rows.filter((u) => u.state === s).length;
      io.out(
        `${rows.length} account(s): ${count("active")} active, ${
          count("invited")
        } invited (no password yet), ${
          count("deactivated")
        } deactivated; ${never.length} person(s) never invited.\n`,
      );
      return 0;
    },
  },
  ...(["deactivate", "reactivate"] as const).map((verb): Command => ({
    name: `user ${verb}`,
    summary: verb === "deactivate"
      ? "Deactivate an account (signed out everywhere; assistants stop on the next request)"
      : "Reactivate a deactivated account",
    usage: `user ${verb} --email <e-mail>`,
    options: { email: { type: "string" } },
    async run(deps, { values }, io) {
      const email = need(values, "email");
      await setActive(deps, email, verb === "reactivate");
      io.out(`Account ${email.toLowerCase()} ${verb}d.\n`);
      return 0;
    },
  })),
  {
    name: "user set-role",
    summary: "Change an account's role (applies on the next request)",
    usage: "user set-role --email <e-mail> --role <employee|recruiter|manager|hr|admin>",
    options: { email: { type: "string" }, role: { type: "string" } },
    async run(deps, { values }, io) {
      const email = need(values, "email");
      const r = await setRole(deps, email, need(values, "role"));
      io.out(`Role of ${email.toLowerCase()} changed from ${r.from} to ${r.to}.\n`);
      return 0;
    },
  },
  {
    name: "user reset-password",
    summary: "Set a new password, unlock the account and sign it out everywhere",
    usage: "user reset-password --email <e-mail> [--password-stdin]",
    options: { email: { type: "string" }, ...PASSWORD_OPTS },
    async run(deps, { values }, io) {
      const email = need(values, "email");
      const r = await resetPassword(deps, email, await passwordFrom(values, io));
      io.out(`Password of ${email.toLowerCase()} reset; its sessions were signed out.\n`);
      showPassword(io, email.toLowerCase(), r);
      return 0;
    },
  },
  {
    name: "employees import",
    summary: "Import employees from CSV, all or nothing (--dry-run shows what would change)",
    usage: "employees import --file <file.csv> [--dry-run] [--clear-empty]   (- for standard input)\n\n" +
      "Columns: see the README. Every bad row is reported with its line number;\n" +
      "a file with any error changes nothing. An empty cell (or a column the file does not have) keeps\n" +
      "what a known person's record holds; --clear-empty makes an empty cell clear the field instead.\n" +
      "--dry-run checks the file and prints what would change, per person and field; nothing is written.",
    options: { file: { type: "string" }, "dry-run": { type: "boolean" }, "clear-empty": { type: "boolean" } },
    async run(deps, { values }, io) {
      const file = need(values, "file");
      // Bytes, not text: the file may be Windows-1252 (Excel on a Swiss Windows), decoded by the import.
      const text = file === "-" ? await io.readStdin() : await Deno.readFile(file).catch(() => {
        throw new CommandError(`Cannot read ${file}.`);
      });
      const dryRun = values["dry-run"] === true;
      const r = await importEmployees(deps, text, { dryRun, clearEmpty: values["clear-empty"] === true });
      if (!r.ok) {
        return nothingImported(io, r.errors);
      }
      if (dryRun) {
        const changed = r.changes.filter((c) => !c.created).length;
        io.out(
          `Dry run, nothing was written: ${r.created} to add, ${changed} to change, ${
            r.updated - changed
          } unchanged.\n`,
        );
        for (const c of r.changes) io.out(`${describeChange(c)}\n`);
        return 0;
      }
      io.out(`Imported: ${r.created} added, ${r.updated} updated.\n`);
      // Only new hires start the onboarding template; saying how many keeps a first import's outcome plain.
      if (r.plansStarted) io.out(`Onboarding plans started for new hires: ${r.plansStarted}.\n`);
      // A dated canton change counts filed leave again by the new canton's holidays; the people were told.
      for (const x of r.recalculated) {
        io.out(
          `Leave ${x.startDate} to ${x.endDate} computed again for the new canton: ${x.before} → ${x.after} days.\n`,
        );
      }
      return 0;
    },
  },
  {
    name: "employees export",
    summary: "Export employees as CSV (the import format)",
    usage: "employees export [--file <file.csv>] [--excel]   (standard output without --file or with -)\n\n" +
      "--excel writes what Excel on a Swiss or German Windows opens as columns: semicolons, a UTF-8\n" +
      "byte-order mark, CRLF line ends. Without it: commas, UTF-8 without a byte-order mark (other\n" +
      "programs, scripts). 'employees import' reads both.",
    options: { file: { type: "string" }, excel: { type: "boolean" } },
    async run(deps, { values }, io) {
      const csv = await exportEmployees(deps, { excel: values.excel === true });
      if (values.file && values.file !== "-") {
        await Deno.writeTextFile(values.file as string, csv, { mode: 0o600 });
        io.out(`Exported to ${values.file}.\n`);
      } else io.out(csv);
      return 0;
    },
  },
  {
    name: "backup",
    summary:
      "Copy the database into one file while the service runs, verified (optionally encrypted with age)",
    usage: "backup --to <file> [--passphrase-stdin | --recipient <age1…>]\n\n" +
      "The copy is consistent (one snapshot) and checked with PRAGMA integrity_check before success is\n" +
      "reported. Unencrypted, it holds every person's data and every password hash (no secret in usable\n" +
      "form): encrypt it to a passphrase read from standard input, or to an age public key. Restore with\n" +
      "'hr-service restore'.",
    options: {
      to: { type: "string" },
      "passphrase-stdin": { type: "boolean" },
      recipient: { type: "string" },
    },
    async run(deps, { values }, io) {
      const to = need(values, "to");
      if (values["passphrase-stdin"] && values.recipient) {
        throw new UsageError("Use --passphrase-stdin or --recipient, not both.");
      }
      if (values["passphrase-stdin"] || values.recipient) {
        const key = values.recipient
          ? { recipient: String(values.recipient) }
          : { passphrase: (await io.readStdin()).replace(/\r?\n$/, "") };
        const r = await encryptedBackup(deps.database, to, key);
        io.out(
          `Encrypted backup written to ${to} (${r.bytes} bytes, ${r.tables} tables, integrity check ok).\n`,
        );
        return 0;
      }
      const r = await backupDatabase(deps.database, to);
      io.out(`Backup written to ${to} (${r.bytes} bytes, ${r.tables} tables, integrity check ok).\n`);
      return 0;
    },
  },
  {
    name: "restore",
    summary: "Write a backup (encrypted or not) back as the database file, with the service stopped",
    usage: "restore --from <backup> --to <database file> [--passphrase-stdin | --identity-file <file>]\n\n" +
      "The database file must not exist: stop the service and move the old one with its -wal and -shm\n" +
      "files aside first. The restored file is checked and created with mode 0600.",
    needsDatabase: false,
    options: {
      from: { type: "string" },
      to: { type: "string" },
      "passphrase-stdin": { type: "boolean" },
      "identity-file": { type: "string" },
    },
    async run(_deps, { values }, io) {
      const from = need(values, "from");
      const to = need(values, "to");
      const key = values["passphrase-stdin"]
        ? { passphrase: (await io.readStdin()).replace(/\r?\n$/, "") }
        : values["identity-file"]
        ? {
          identity: await Deno.readTextFile(String(values["identity-file"])).catch(() => {
            throw new CommandError(`Cannot read ${values["identity-file"]}.`);
          }),
        }
        : undefined;
      const r = await restoreBackup(from, to, key);
      io.out(`Restored ${from} to ${to} (${r.tables} tables, integrity check ok). Start the service.\n`);
      return 0;
    },
  },
  {
    name: "audit export",
    summary: "Export the connector's audit rows of a period or about one person",
    usage: "audit export [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--person <personnel number|e-mail>]\n" +
      "             [--format csv|json] [--file <file>]",
    options: {
      from: { type: "string" },
      to: { type: "string" },
      person: { type: "string" },
      format: { type: "string" },
      file: { type: "string" },
    },
    async run(deps, { values }, io) {
      const format = (values.format ?? "csv") as string;
      if (format !== "csv" && format !== "json") throw new UsageError("--format must be csv or json.");
      for (const k of ["from", "to"]) {
        if (values[k] !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values[k] as string)) {
          throw new UsageError(`--${k} must be a date YYYY-MM-DD.`);
        }
      }
      const text = await exportAudit(deps, {
        from: values.from as string | undefined,
        to: values.to as string | undefined,
        person: values.person as string | undefined,
        format,
      });
      if (values.file) {
        await Deno.writeTextFile(values.file as string, text, { mode: 0o600 });
        io.out(`Exported to ${values.file}.\n`);
      } else io.out(text);
      return 0;
    },
  },
  {
    name: "mail list",
    summary: "List mail waiting to be sent or failed",
    usage: "mail list [--all]",
    options: { all: { type: "boolean" } },
    async run(deps, { values }, io) {
      const rows = await listMail(deps.db, values.all ? ["QUEUED", "SENDING", "FAILED", "SENT"] : undefined);
      for (const m of rows) {
        io.out(
          `${new Date(m.createdAt).toISOString()}  ${
            m.status.padEnd(7)
          } attempts ${m.attempts}  ${m.to}  ${m.subject}${m.lastError ? `  (${m.lastError})` : ""}\n`,
        );
      }
      io.out(`${rows.length} message(s).${await queuedNote(deps, "them")}\n`);
      return 0;
    },
  },
  {
    name: "allowance",
    summary: "Show or set the daily person-record allowance per assistant connection",
    usage: "allowance [show | set <number>]",
    async run(deps, { positionals }, io) {
      if (positionals[0] === "set") {
        const n = Number(positionals[1]);
        if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
          throw new UsageError("The allowance is a whole number from 1 to 1000000.");
        }
        await setSetting(deps, "personRecordDailyAllowance", n);
        io.out(`Daily person-record allowance set to ${n}.\n`);
        return 0;
      }
      if (positionals[0] && positionals[0] !== "show") {
        throw new UsageError(`Unknown action '${positionals[0]}'.`);
      }
      io.out(`Daily person-record allowance: ${await getSetting(deps, "personRecordDailyAllowance")}.\n`);
      return 0;
    },
  },
  {
    name: "half-days",
    summary: "Show or set the customary half-day holidays the organisation observes",
    usage: "half-days [show | set <MM-DD>[,<MM-DD>] | set none]",
    async run(deps, { positionals }, io) {
      const known = HALF_DAY_HOLIDAYS.map((h) => h.monthDay);
      if (positionals[0] === "set") {
        const arg = positionals[1] ?? "";
        const list = arg === "none" ? [] : arg.split(",").map((d) => d.trim());
        if (!arg || !isHalfDayList(list)) {
          throw new UsageError(
            `Give the half days as a comma-separated list of ${known.join(", ")}, each once, or 'none'.`,
          );
        }
        await setSetting(deps, "halfDayHolidays", list);
        io.out(`Half-day holidays set to ${list.length ? list.join(", ") : "none"}.\n`);
        return 0;
      }
      if (positionals[0] && positionals[0] !== "show") {
        throw new UsageError(`Unknown action '${positionals[0]}'.`);
      }
      const on = await getSetting(deps, "halfDayHolidays");
      for (const h of HALF_DAY_HOLIDAYS) {
        io.out(
          `${h.monthDay}  ${on.includes(h.monthDay) ? "observed    " : "not observed"}  ${h.names.en}\n`,
        );
      }
      return 0;
    },
  },
  {
    name: "regional-days",
    summary: "Show or set the regional holidays (a district's, a commune's) the places of work keep",
    usage: "regional-days [show | set <CANTON:day>[,<CANTON:day>] | set none]\n\n" +
      "A day kept only in part of a canton (AG's district days, AI's St. Mauritius in the inner part, SO's\n" +
      "Josefstag, NE's Fête-Dieu) is a day off only where the organisation's place of work keeps it. The place\n" +
      "of work is known by its canton: a day chosen here is off for everyone working in that canton.",
    async run(deps, { positionals }, io) {
      if (positionals[0] === "set") {
        const arg = positionals[1] ?? "";
        const list = arg === "none" ? [] : arg.split(",").map((d) => d.trim());
        if (!arg || !isRegionalDayList(list)) {
          throw new UsageError(
            `Give the regional days as a comma-separated list of ${
              REGIONAL_DAYS.map((r) => r.key).join(", ")
            }, each once, or 'none'.`,
          );
        }
        const sorted = REGIONAL_DAYS.map((r) => r.key).filter((k) => list.includes(k));
        await setSetting(deps, "regionalDays", sorted);
        io.out(`Regional days set to ${sorted.length ? sorted.join(", ") : "none"}.\n`);
        return 0;
      }
      if (positionals[0] && positionals[0] !== "show") {
        throw new UsageError(`Unknown action '${positionals[0]}'.`);
      }
      const on = await getSetting(deps, "regionalDays");
      for (const r of REGIONAL_DAYS) {
        io.out(`${r.key.padEnd(26)}  ${on.includes(r.key) ? "kept    " : "not kept"}  ${r.names.en}\n`);
      }
      return 0;
    },
  },
  ...assistantCommands,
  ...privacyCommands,
  ...leaveTypeCommands,
  ...payCommands,
  ...orgCommands,
  ...onboardingCommands,
  ...documentCommands,
];

/** The overview printed by `help`. */
export function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join("\n");
}

/** Finds the command for the words given (longest name first) and the rest of the arguments. */
export function findCommand(args: string[]): { command: Command; rest: string[] } | undefined {
  for (const n of [2, 1]) {
    const name = args.slice(0, n).join(" ");
    const command = COMMANDS.find((c) => c.name === name);
    if (command) return { command, rest: args.slice(n) };
  }
  return undefined;
}

/** Runs an admin command; returns the exit code. */
export async function runCommand(deps: AppDeps, command: Command, rest: string[], io: Io): Promise<number> {
  if (rest.includes("--help") || rest.includes("-h")) {
    io.out(`${command.summary}.\n\nUsage: hr-service ${command.usage}\n`);
    return 0;
  }
  try {
    const parsed = parseArgs({
      args: rest,
      options: command.options ?? {},
      allowPositionals: true,
      strict: true,
    });
    return await command.run(deps, parsed, io);
  } catch (e) {
    if (e instanceof CommandError) {
      io.err(`${e.message}\n`);
      return 1;
    }
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      io.err(`${(e as Error).message}\n\nUsage: hr-service ${command.usage}\n`);
      return 2;
    }
    throw e;
  }
}
