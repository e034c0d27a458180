/**
 * The bench's second data set: the demo organisation (its settings, leave types, closures and school
 * holidays) plus generated people, each with years of history in every area the portal shows, so the portal's
 * reads can be measured at the size of a real organisation and compared with the demo.
 *
 * Per generated employee and year: a time entry on every working day, 8 leave requests (decided, some in the
 * coming months), 3 sick absences, 12 payslips (13 with the December one), a salary change, the year's
 * entitlement rows, a balance correction and 40 notifications; once: a workload change, an open survey, a
 * feedback draft, a missing document and a change request. Written with multi-row INSERTs in one transaction
 * per table and employee batch; deterministic (a fixed seed), so two runs measure the same data.
 */
import type { Client, InValue } from "@libsql/client";
import { createSession } from "../src/signin/sessions.ts";
import type { Db } from "../src/db/client.ts";
import type { Clock } from "../src/clock.ts";

export interface ScaleOptions {
  employees: number;
  years: number;
  /** The last year with history (the current one). */
  lastYear: number;
  /** How many of the generated people get an account and a signed-in session (for the readers). */
  sessions: number;
}

/** A small deterministic random source (mulberry32), so every run generates the same organisation. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, "0");
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);
const weekday = (day: string) => ((new Date(ms(day)).getUTCDay() + 6) % 7) + 1;

/** Inserts rows with multi-row statements of at most ~3,000 values each. */
async function insertRows(
  tx: { execute: Client["execute"] },
  table: string,
  rows: Record<string, InValue>[],
) {
  if (!rows.length) return;
  const cols = Object.keys(rows[0]);
  const per = Math.max(1, Math.floor(3000 / cols.length));
  for (let i = 0; i < rows.length; i += per) {
    const chunk = rows.slice(i, i + per);
    const values = chunk.map(() => `(${cols.map(() => "?").join(",")})`).join(",");
    await tx.execute({
      sql: `INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(",")}) VALUES ${values}`,
      args: chunk.flatMap((r) => cols.map((c) => r[c])),
    });
  }
}

/**
 * Generates the people and their history into a database that holds the demo organisation, and returns the
 * session tokens of `opts.sessions` of them (employees with every area filled).
 */
export async function generateScale(
  client: Client,
  db: Db,
  clock: Clock,
  opts: ScaleOptions,
): Promise<{ tokens: string[]; rows: number }> {
  const rnd = random(20261124);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const types =
    (await client.execute("SELECT id, code, deducts_balance FROM leave_types WHERE active = 1")).rows;
  const vacation = types.find((t) => t.code === "VACATION")!.id as string;
  const other = types.filter((t) => t.code !== "VACATION").map((t) => t.id as string);
  const now = clock.now();
  const today = dayOf(now);
  const firstYear = opts.lastYear - opts.years + 1;
  const cantons = ["BE", "ZH", "VD", "BS", "LU", "GE", "SG", "TI"];
  const names = ["Muster", "Keller", "Meier", "Schmid", "Weber", "Huber", "Rossi", "Dubois", "Favre", "Frei"];
  const firsts = ["Anna", "Luca", "Mia", "Noah", "Lea", "Elias", "Laura", "Jonas", "Sara", "Marco"];
  let total = 0;
  const batch = 100;
  const people: string[] = [];
  for (let start = 0; start < opts.employees; start += batch) {
    const tables: Record<string, Record<string, InValue>[]> = {};
    const add = (table: string, row: Record<string, InValue>) => (tables[table] ??= []).push(row);
    for (let n = start; n < Math.min(opts.employees, start + batch); n++) {
      const id = crypto.randomUUID();
      people.push(id);
      const manager = n % 20 === 0 ? null : people[n - (n % 20)];
      const employmentStart = `${firstYear - 1 - Math.floor(rnd() * 8)}-${
        pad(1 + Math.floor(rnd() * 12))
      }-01`;
      const weekdays = n % 7 === 3 ? "1,2,3" : "1,2,3,4,5";
      add("employees", {
        id,
        personnel_number: `S${String(n + 1).padStart(5, "0")}`,
        first_name: pick(firsts),
        last_name: `${pick(names)} ${n + 1}`,
        work_email: `person${n + 1}@scale.example`,
        canton: pick(cantons),
        manager_id: manager,
        job_title: "Fachperson",
        employment_start: employmentStart,
        workload_percent: weekdays === "1,2,3" ? 60 : 100,
        working_weekdays: weekdays,
        weekly_hours: 42,
        salary_continuation_scale: pick(["BERNER", "ZUERCHER", "BASLER"]),
        birth_date: `${1960 + Math.floor(rnd() * 40)}-${pad(1 + Math.floor(rnd() * 12))}-15`,
        ahv_number: `756.${String(1000 + n).padStart(4, "0")}.0000.00`,
        iban: "CH93 0076 2011 6238 5295 7",
        nationality: "CH",
        created_at: now,
        updated_at: now,
      });
      add("workload_changes", {
        id: crypto.randomUUID(),
        employee_id: id,
        valid_from: `${firstYear}-01-01`,
        workload_percent: weekdays === "1,2,3" ? 60 : 100,
        working_weekdays: weekdays,
      });
      const working = new Set(weekdays.split(",").map(Number));
      for (let year = firstYear; year <= opts.lastYear; year++) {
        // A time entry on every working day up to today.
        for (let d = ms(`${year}-01-01`); d <= Math.min(ms(`${year}-12-31`), now); d += DAY_MS) {
          const day = dayOf(d);
          if (!working.has(weekday(day))) continue;
          const submitted = d < now - 14 * DAY_MS;
          add("time_entries", {
            id: crypto.randomUUID(),
            employee_id: id,
            date: day,
            start_time: "08:00",
            end_time: "16:54",
            break_minutes: 30,
            total_hours: 8.4,
            type: "REGULAR",
            project_code: pick(["PLAT-OPS", "CUST-12", "INT-HR"]),
            description: null,
            status: submitted ? "APPROVED" : "DRAFT",
            submitted_at: submitted ? d + DAY_MS : null,
            channel: "PORTAL",
            created_at: d,
            updated_at: d,
          });
        }
        for (let k = 0; k < 8; k++) {
          const month = 1 + Math.floor((k * 12) / 8 + rnd());
          const startDay = `${year}-${pad(Math.min(12, month))}-${pad(3 + Math.floor(rnd() * 20))}`;
          const length = 1 + Math.floor(rnd() * 5);
          const endDay = dayOf(Math.min(ms(startDay) + (length - 1) * DAY_MS, ms(`${year}-12-31`)));
          let days = 0;
          for (let d = ms(startDay); d <= ms(endDay); d += DAY_MS) if (working.has(weekday(dayOf(d)))) days++;
          const type = k % 4 === 3 ? pick(other) : vacation;
          add("leave_requests", {
            id: crypto.randomUUID(),
            employee_id: id,
            leave_type_id: type,
            start_date: startDay,
            end_date: endDay,
            start_portion: "FULL",
            end_portion: "FULL",
            days,
            days_by_year: JSON.stringify({ [String(year)]: days }),
            exceeds_balance: 0,
            status: startDay > today
              ? (k % 2 ? "AWAITING_APPROVAL" : "APPROVED")
              : (k === 5 ? "REJECTED" : "APPROVED"),
            reason: k % 3 === 0 ? "Ferien" : null,
            approver_employee_id: manager,
            channel: "PORTAL",
            created_at: ms(startDay) - 30 * DAY_MS,
            updated_at: ms(startDay) - 20 * DAY_MS,
          });
        }
        for (let k = 0; k < 3; k++) {
          const s = ms(`${year}-${pad(2 + k * 4)}-${pad(2 + Math.floor(rnd() * 20))}`);
          if (s > now) continue;
          add("sick_leave_entries", {
            id: crypto.randomUUID(),
            employee_id: id,
            start_date: dayOf(s),
            end_date: dayOf(s + Math.floor(rnd() * 4) * DAY_MS),
            is_ongoing: 0,
            reason: null,
            has_certificate: k === 1 ? 1 : 0,
            certificate_state: k === 1 ? "ACCEPTED" : "NONE",
            channel: "PORTAL",
            created_at: s,
            updated_at: s,
          });
        }
        for (let month = 1; month <= 12; month++) {
          const pay = `${year}-${pad(month)}-25`;
          if (ms(pay) > now) break;
          add("payslips", {
            id: crypto.randomUUID(),
            employee_id: id,
            period: `${year}-${pad(month)}`,
            period_label: `${year}-${pad(month)}`,
            payment_date: pay,
            currency: "CHF",
            gross: 7000,
            net: 5900,
            lines: JSON.stringify([{ label: "Monatslohn", amount: 7000 }]),
            created_at: ms(pay),
          });
        }
        add("compensation", {
          id: crypto.randomUUID(),
          employee_id: id,
          valid_from: `${year}-01-01`,
          annual_salary: 84000 + (year - firstYear) * 1500,
          payments: 13,
          currency: "CHF",
          reason: "Jährliche Anpassung",
          created_at: ms(`${year}-01-01`),
        });
        for (const t of types) {
          add("leave_entitlements", {
            id: crypto.randomUUID(),
            employee_id: id,
            leave_type_id: t.id as string,
            year,
            base_days: t.code === "VACATION" ? 25 : 0,
            carry_over_days: t.code === "VACATION" ? 2 : 0,
            carry_over_expires_on: t.code === "VACATION" ? `${year}-03-31` : null,
            adjustment_days: 0,
          });
        }
        add("leave_adjustments", {
          id: crypto.randomUUID(),
          employee_id: id,
          leave_type_id: vacation,
          year,
          days: 1,
          note: "Dienstjubiläum",
          created_by: "HR",
          created_at: ms(`${year}-06-01`),
        });
        for (let k = 0; k < 40; k++) {
          const at = ms(`${year}-01-01`) + Math.floor(rnd() * 365) * DAY_MS;
          if (at > now) continue;
          add("notifications", {
            id: crypto.randomUUID(),
            recipient_employee_id: id,
            kind: pick(["LEAVE_REQUEST_DECIDED", "SICK_CERTIFICATE_ACCEPTED", "PROFILE_CHANGE_DECIDED"]),
            payload: "{}",
            channel: "IN_APP",
            read_at: at < now - 30 * DAY_MS ? at + DAY_MS : null,
            created_at: at,
          });
        }
      }
      add("survey_invitations", {
        id: crypto.randomUUID(),
        employee_id: id,
        survey_title: "Mitarbeitendenumfrage",
        status: "OPEN",
        due_date: null,
        created_at: now,
      });
      if (manager) {
        add("feedback_drafts", {
          id: crypto.randomUUID(),
          author_employee_id: id,
          subject_employee_id: manager,
          cycle: `${opts.lastYear}`,
          status: "DRAFT",
          updated_at: now,
        });
      }
      add("required_documents", {
        id: crypto.randomUUID(),
        employee_id: id,
        kind: "WORK_PERMIT",
        status: "MISSING",
        due_date: null,
        created_at: now,
      });
      add("profile_change_requests", {
        id: crypto.randomUUID(),
        employee_id: id,
        field: "IBAN",
        requested_value: "CH56 0483 5012 3456 7800 9",
        status: "APPLIED",
        created_at: now - 200 * DAY_MS,
      });
    }
    const tx = await client.transaction("write");
    try {
      // Parents first: the rows below point at the employees of this batch.
      for (const table of ["employees", ...Object.keys(tables).filter((t) => t !== "employees")]) {
        await insertRows(tx, table, tables[table]);
        total += tables[table].length;
      }
      await tx.commit();
    } finally {
      tx.close();
    }
  }
  // Accounts and sessions for readers spread over the whole organisation.
  const tokens: string[] = [];
  const step = Math.max(1, Math.floor(people.length / opts.sessions));
  for (let i = 0; i < people.length && tokens.length < opts.sessions; i += step) {
    const userId = crypto.randomUUID();
    await client.execute({
      sql: `INSERT INTO users (id, email, role, active, language, employee_id, failed_sign_ins, created_at,
        updated_at) VALUES (?, ?, 'employee', 1, 'de', ?, 0, ?, ?)`,
      args: [userId, `reader${i}@scale.example`, people[i], now, now],
    });
    tokens.push((await createSession(db, clock, userId, { ttlDays: 30, method: "password" })).token);
  }
  return { tokens, rows: total };
}
