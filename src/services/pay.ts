/**
 * Pay use cases: the caller's payslips (list without amounts, detail with amounts, the stored document)
 * and compensation (current salary, upcoming changes, history). Only ever the caller's own rows.
 */
import { and, asc, eq } from "drizzle-orm";
import { readRow } from "../db/local.ts";
import { type RawStatements, statementFamily } from "../db/raw_sql.ts";
import { exactReal, jsonRows, realOf } from "./json_rows.ts";
import { compensation, payslips } from "../db/schema/mod.ts";
import { round2 } from "../domain/numbers.ts";
import { refusal } from "../errors.ts";
import type { Actor } from "./actor.ts";
import {
  checkYear,
  decodeCursor,
  keysetPageResult,
  type PageInput,
  pageOf,
  type Q,
  selfId,
  type ServiceDeps,
  todayOf,
} from "./common.ts";
import { changedAfter, removedSince, syncPage, syncStart } from "./sync.ts";

type PayslipRow = typeof payslips.$inferSelect;

/** A payslip in a list: period and payment date, no amounts (what list_my_payslips may show). */
export function payslipListView(
  p: Pick<PayslipRow, "id" | "period" | "periodLabel" | "paymentDate" | "documentName">,
) {
  return {
    id: p.id,
    period: p.period,
    periodLabel: p.periodLabel,
    paymentDate: p.paymentDate,
    hasDocument: !!p.documentName,
  };
}

/**
 * The caller's payslips, newest first (payment day, period, id: no two tie), all or those paid in one year
 * (y), after a cursor's payslip (c), as ONE JSON list of the columns the list shows (json_rows.ts). One text
 * per variant, so each is prepared once per connection.
 */
const PAYSLIP_PAGE_SQL = statementFamily<"" | "y" | "c" | "yc">("yc", (variant) => {
  const where = ["employee_id = :me"];
  if (variant.includes("y")) where.push("payment_date >= :from", "payment_date <= :to");
  if (variant.includes("c")) where.push("(payment_date, period, id) < (:cDate, :cPeriod, :cId)");
  return `SELECT json_group_array(json_array(id, period, period_label, payment_date, document_name)) AS rows
    FROM (SELECT id, period, period_label, payment_date, document_name FROM payslips WHERE ${
    where.join(" AND ")
  }
      ORDER BY payment_date DESC, period DESC, id DESC LIMIT :limit OFFSET :offset)`;
});

/** The caller's payslips (optionally of one payment year), newest payment first, paged (at most 50). */
export async function listPayslips(
  deps: ServiceDeps,
  actor: Actor,
  input: PageInput & { year?: number; updatedSince?: number } = {},
) {
  const me = selfId(actor);
  const page = pageOf(input);
  if (input.updatedSince !== undefined) {
    // A payslip never changes once filed, so its change is its filing; none is ever deleted.
    const { since, cursor } = syncStart(deps, { ...input, updatedSince: input.updatedSince });
    const rows = await deps.db.select({
      id: payslips.id,
      period: payslips.period,
      periodLabel: payslips.periodLabel,
      paymentDate: payslips.paymentDate,
      documentName: payslips.documentName,
      createdAt: payslips.createdAt,
    }).from(payslips).where(and(
      eq(payslips.employeeId, me),
      ...changedAfter(payslips.createdAt, payslips.id, since, cursor),
    )).orderBy(asc(payslips.createdAt), asc(payslips.id)).limit(page.limit + 1).offset(page.offset);
    return await syncPage(
      deps,
      { since, fromCursor: cursor !== null, page },
      rows,
      (shown) => shown.map(payslipListView),
      (r) => [r.createdAt, r.id],
      () => removedSince(deps.db, me, "PAYSLIP", since),
    );
  }
  const year = input.year === undefined ? undefined : checkYear(input.year);
  const cursor = decodeCursor(input, ["string", "string", "string"]);
  const variant = `${year === undefined ? "" : "y"}${cursor ? "c" : ""}` as "" | "y" | "c" | "yc";
  const at: Record<string, string | number> = { me, limit: page.limit + 1, offset: page.offset };
  if (year !== undefined) [at.from, at.to] = [`${year}-01-01`, `${year}-12-31`];
  if (cursor) [at.cDate, at.cPeriod, at.cId] = cursor;
  const rows = jsonRows<[string, string, string, string, string | null]>(
    (await readRow(deps.db.$client, PAYSLIP_PAGE_SQL[variant], at))!.rows,
  ).map(([id, period, periodLabel, paymentDate, documentName]) => ({
    id,
    period,
    periodLabel,
    paymentDate,
    documentName,
  }));
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return keysetPageResult(
    shown.map(payslipListView),
    page,
    rows.length > page.limit,
    last && [last.paymentDate, last.period, last.id],
    cursor !== null,
  );
}

async function ownPayslip(q: Q, actor: Actor, id: string): Promise<PayslipRow> {
  const me = selfId(actor);
  const [p] = await q.select().from(payslips).where(and(eq(payslips.id, id), eq(payslips.employeeId, me)))
    .limit(1);
  if (!p) throw refusal("not_found", "pay.noSuchPayslip");
  return p;
}

/** One of the caller's payslips with its amounts and lines. */
export async function getPayslip(deps: ServiceDeps, actor: Actor, input: { id: string }) {
  const p = await ownPayslip(deps.db, actor, input.id);
  const lines = JSON.parse(p.lines) as { label: string; amount: number }[];
  return {
    ...payslipListView(p),
    currency: p.currency,
    gross: p.gross,
    net: p.net,
    lines: lines.map((l) => ({ label: String(l.label), amount: Number(l.amount) })),
    ...(p.documentName ? { documentName: p.documentName } : {}),
  };
}

/** The stored document of one of the caller's payslips (404 when there is none). */
export async function getPayslipDocument(deps: ServiceDeps, actor: Actor, input: { id: string }) {
  const p = await ownPayslip(deps.db, actor, input.id);
  if (!p.document || !p.documentName) throw refusal("not_found", "pay.noDocument");
  return {
    fileName: p.documentName,
    contentType: p.documentType ?? "application/pdf",
    bytes: new Uint8Array(p.document),
  };
}

type CompRow = typeof compensation.$inferSelect;

function compView(c: Pick<CompRow, "validFrom" | "annualSalary" | "payments" | "currency" | "reason">) {
  return {
    validFrom: c.validFrom,
    annualSalary: c.annualSalary,
    payments: c.payments,
    monthlySalary: round2(c.annualSalary / c.payments),
    currency: c.currency,
    ...(c.reason ? { reason: c.reason } : {}),
  };
}

const SALARY_STEP = `json_array(valid_from, ${exactReal("annual_salary")}, ${
  exactReal("payments")
}, currency, reason)`;

/**
 * The caller's salary changes in ONE statement of two JSON lists (json_rows.ts): those not in the future,
 * newest first (at most 50), and those agreed for later, oldest first (at most 10); only the columns the
 * answer shows.
 */
const SALARIES_SQL = `SELECT
  (SELECT json_group_array(${SALARY_STEP}) FROM (SELECT valid_from, annual_salary, payments, currency, reason
    FROM compensation WHERE employee_id = :me AND valid_from <= :today ORDER BY valid_from DESC LIMIT 50)) AS past,
  (SELECT json_group_array(${SALARY_STEP}) FROM (SELECT valid_from, annual_salary, payments, currency, reason
    FROM compensation WHERE employee_id = :me AND valid_from > :today ORDER BY valid_from ASC LIMIT 10))
    AS upcoming`;

/** A salary change from its tuple in `SALARIES_SQL`. */
function salaryOf([validFrom, annualSalary, payments, currency, reason]: [
  string,
  number | string,
  number | string,
  string,
  string | null,
]) {
  return compView({
    validFrom,
    annualSalary: realOf(annualSalary),
    payments: realOf(payments),
    currency,
    reason,
  });
}

/**
 * The caller's salary: the current one (latest change not in the future), changes already agreed for
 * later, and the history, newest first (at most 50).
 */
export async function getCompensation(deps: ServiceDeps, actor: Actor) {
  const me = selfId(actor);
  const today = todayOf(deps);
  const row = (await readRow(deps.db.$client, SALARIES_SQL, { me, today }))!;
  const past = jsonRows<Parameters<typeof salaryOf>[0]>(row.past).map(salaryOf);
  const upcoming = jsonRows<Parameters<typeof salaryOf>[0]>(row.upcoming).map(salaryOf);
  return {
    current: past[0] ?? null,
    upcoming,
    history: past,
  };
}

/** This module's hand-written statements, each prepared against the migrated schema by a test (db/raw_sql.ts). */
export const RAW_SQL: RawStatements = { SALARIES_SQL, PAYSLIP_PAGE_SQL };
