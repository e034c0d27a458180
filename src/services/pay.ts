/**
 * Pay use cases: the caller's payslips (list without amounts, detail with amounts, the stored document)
 * and compensation (current salary, upcoming changes, history). Only ever the caller's own rows.
 */
import { and, asc, desc, eq, gt, gte, lte, sql } from "drizzle-orm";
import { prepared, preparedVariants } from "../db/prepared.ts";
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

/** The caller's payslips, newest first, all or those paid in one year (y). */
const payslipPage = preparedVariants((q: Q, variant: "" | "y" | "c" | "yc") =>
  q.select({
    id: payslips.id,
    period: payslips.period,
    periodLabel: payslips.periodLabel,
    paymentDate: payslips.paymentDate,
    documentName: payslips.documentName,
  }).from(payslips).where(and(
    eq(payslips.employeeId, sql.placeholder("me")),
    ...(variant.includes("y")
      ? [gte(payslips.paymentDate, sql.placeholder("from")), lte(payslips.paymentDate, sql.placeholder("to"))]
      : []),
    // After the cursor's payslip, in the list's order (payment day, period, id: no two tie).
    ...(variant.includes("c")
      ? [
        sql`(${payslips.paymentDate}, ${payslips.period}, ${payslips.id}) < (${sql.placeholder("cDate")}, ${
          sql.placeholder("cPeriod")
        }, ${sql.placeholder("cId")})`,
      ]
      : []),
  )).orderBy(desc(payslips.paymentDate), desc(payslips.period), desc(payslips.id))
    .limit(sql.placeholder("limit")).offset(sql.placeholder("offset"))
);

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
  const rows = await payslipPage(deps.db, variant).all({
    me,
    from: `${year}-01-01`,
    to: `${year}-12-31`,
    cDate: cursor?.[0] ?? null,
    cPeriod: cursor?.[1] ?? null,
    cId: cursor?.[2] ?? null,
    limit: page.limit + 1,
    offset: page.offset,
  });
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

function compView(c: CompRow) {
  return {
    validFrom: c.validFrom,
    annualSalary: c.annualSalary,
    payments: c.payments,
    monthlySalary: round2(c.annualSalary / c.payments),
    currency: c.currency,
    ...(c.reason ? { reason: c.reason } : {}),
  };
}

const pastSalaries = prepared((q: Q) =>
  q.select().from(compensation).where(
    and(
      eq(compensation.employeeId, sql.placeholder("me")),
      lte(compensation.validFrom, sql.placeholder("today")),
    ),
  ).orderBy(desc(compensation.validFrom)).limit(50)
);
const upcomingSalaries = prepared((q: Q) =>
  q.select().from(compensation).where(
    and(
      eq(compensation.employeeId, sql.placeholder("me")),
      gt(compensation.validFrom, sql.placeholder("today")),
    ),
  ).orderBy(asc(compensation.validFrom)).limit(10)
);

/**
 * The caller's salary: the current one (latest change not in the future), changes already agreed for
 * later, and the history, newest first (at most 50).
 */
export async function getCompensation(deps: ServiceDeps, actor: Actor) {
  const me = selfId(actor);
  const today = todayOf(deps);
  const past = await pastSalaries(deps.db).all({ me, today });
  const upcoming = await upcomingSalaries(deps.db).all({ me, today });
  return {
    current: past[0] ? compView(past[0]) : null,
    upcoming: upcoming.map(compView),
    history: past.map(compView),
  };
}
