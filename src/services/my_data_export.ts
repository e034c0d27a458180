/**
 * A person's own data export (right of access: Art. 25 FADP/nDSG; GDPR Art. 15 and 20): one ZIP archive with
 * everything the service holds about them — `data.json` (machine-readable), `index.html` (readable, in the
 * person's language) and `files/` (their payslip documents).
 *
 * What goes in is declared table by table below: every table that holds rows of one employee, with the
 * columns left out and why. Left out are secrets (password and token hashes), internal keys that mean nothing
 * to the person, and other people's data (the subject of a feedback draft, who else a task was assigned to).
 * Each request is recorded in `data_exports` (who asked, through which door, when, downloads), and the archive
 * itself is kept only for `EXPORT_TTL_MS`.
 */
import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { getTableColumns } from "drizzle-orm";
import {
  closureWorkThrough,
  compensation,
  dataExports,
  employees,
  expenseReports,
  feedbackDrafts,
  leaveAdjustments,
  leaveEntitlements,
  leaveRequests,
  notifications,
  oauthClients,
  oauthConnections,
  onboardingPlans,
  onboardingTasks,
  payslips,
  profileChangeRequests,
  pushDevices,
  requiredDocumentFiles,
  requiredDocuments,
  sessions,
  sickCertificates,
  sickLeaveEntries,
  surveyInvitations,
  timeEntries,
  timeTimers,
  users,
  workloadChanges,
} from "../db/schema/mod.ts";
import { AppError } from "../errors.ts";
import { isLang, type Lang } from "../i18n/mod.ts";
import { ACTIVITY_TEXTS, type ActivityTexts } from "../i18n/activity.ts";
import type { ServiceDeps } from "./common.ts";
import { assistantActivity, MAX_ACTIVITY_DAYS } from "./assistant_activity.ts";

/** How long a prepared archive is offered for download: seven days, then it is deleted. */
export const EXPORT_TTL_MS = 7 * 86_400_000;
/** At most this many exports a person may ask for per day (each one reads all their data). */
export const EXPORTS_PER_DAY = 3;

/** The archive's sections: the ones the readable part has headings for. */
type Section = keyof ActivityTexts["exportSections"];

interface Part {
  section: Section;
  key: string;
  table: SQLiteTable;
  /** The column that names the person. */
  owner: string;
  /** Columns left out: secrets, other people's data. */
  omit?: string[];
}

/** Every table with rows of one employee. A test checks that no table with an employee column is missing. */
export const EXPORT_PARTS: Part[] = [
  { section: "profile", key: "workloadChanges", table: workloadChanges, owner: "employeeId" },
  { section: "profile", key: "profileChangeRequests", table: profileChangeRequests, owner: "employeeId" },
  { section: "profile", key: "notifications", table: notifications, owner: "recipientEmployeeId" },
  { section: "profile", key: "surveyInvitations", table: surveyInvitations, owner: "employeeId" },
  // The draft's subject is another person: only that a draft exists, its cycle and state.
  {
    section: "profile",
    key: "feedbackDrafts",
    table: feedbackDrafts,
    owner: "authorEmployeeId",
    omit: ["subjectEmployeeId"],
  },
  { section: "leave", key: "leaveEntitlements", table: leaveEntitlements, owner: "employeeId" },
  // Who in HR made the correction is HR's record, not the person's data; the days and the note are.
  {
    section: "leave",
    key: "leaveAdjustments",
    table: leaveAdjustments,
    owner: "employeeId",
    omit: ["createdBy"],
  },
  { section: "leave", key: "leaveRequests", table: leaveRequests, owner: "employeeId" },
  { section: "leave", key: "closureWorkThrough", table: closureWorkThrough, owner: "employeeId" },
  { section: "time", key: "timeEntries", table: timeEntries, owner: "employeeId" },
  { section: "time", key: "runningTimer", table: timeTimers, owner: "employeeId" },
  { section: "time", key: "expenseReports", table: expenseReports, owner: "employeeId" },
  { section: "sick", key: "sickLeaveEntries", table: sickLeaveEntries, owner: "employeeId" },
  // The file's bytes go to files/, not into the JSON.
  { section: "sick", key: "sickCertificates", table: sickCertificates, owner: "employeeId", omit: ["bytes"] },
  // The document's bytes go to files/, not into the JSON.
  { section: "payslips", key: "payslips", table: payslips, owner: "employeeId", omit: ["document"] },
  { section: "compensation", key: "compensation", table: compensation, owner: "employeeId" },
  { section: "documents", key: "requiredDocuments", table: requiredDocuments, owner: "employeeId" },
  {
    section: "documents",
    key: "requiredDocumentFiles",
    table: requiredDocumentFiles,
    owner: "employeeId",
    omit: ["bytes"],
  },
  { section: "profile", key: "onboardingPlans", table: onboardingPlans, owner: "employeeId" },
];

/** Tables deliberately not in the export, with the reason (the test holds the schema to both lists). */
export const NOT_EXPORTED: Record<string, string> = {
  employees: "exported as the profile itself",
  users: "exported as the account, without the password hash",
  person_touches: "the connector's per-day counters; the activity log tells the same in words",
  data_exports: "the export requests themselves, listed in the export",
  onboarding_tasks: "exported through the person's onboarding plans",
  positions: "organisation data: the positions a person hires for, not data about the person",
  applications: "candidates are not employees; an applicant's data is handled under the recruiting retention",
  application_tasks:
    "a task on a candidate's application that names who does it: the candidate's record, not the person's",
};

function pick(row: Record<string, unknown>, omit: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!omit.includes(k)) out[k] = v;
  return out;
}

const iso = (ms: number | null | undefined) => ms == null ? null : new Date(ms).toISOString();

/** Everything the service holds about one employee (and their account), as plain JSON. */
export async function collectPersonData(
  deps: ServiceDeps,
  employeeId: string,
): Promise<{ data: Record<string, unknown>; files: Record<string, Uint8Array>; lang: Lang }> {
  const emp = await deps.db.query.employees.findFirst({ where: eq(employees.id, employeeId) });
  if (!emp) throw new AppError("not_found", "No employee record with this id.");
  const account = await deps.db.query.users.findFirst({ where: eq(users.employeeId, employeeId) });
  const lang: Lang = account && isLang(account.language) ? account.language : "de";
  const data: Record<string, Record<string, unknown>> = {
    profile: { employee: emp },
    leave: {},
    time: {},
    sick: {},
    payslips: {},
    compensation: {},
    documents: {},
    assistants: {},
    activity: {},
  };
  if (account) {
    data.profile.account = pick(account as unknown as Record<string, unknown>, ["passwordHash"]);
    data.profile.sessions = (await deps.db.select().from(sessions).where(eq(sessions.userId, account.id))
      .orderBy(desc(sessions.createdAt))).map((s) => pick(s, ["tokenHash"]));
    // The phones registered for push notifications (their tokens are the platform's address for the phone).
    data.profile.pushDevices = await deps.db.select().from(pushDevices).where(
      eq(pushDevices.userId, account.id),
    );
  }
  for (const p of EXPORT_PARTS) {
    const cols = getTableColumns(p.table) as Record<string, unknown>;
    // deno-lint-ignore no-explicit-any
    const rows = await deps.db.select().from(p.table as any).where(eq(cols[p.owner] as any, employeeId));
    data[p.section][p.key] = (rows as Record<string, unknown>[]).map((r) => pick(r, p.omit));
  }
  const plans = (data.profile.onboardingPlans as { id: string }[]).map((pl) => pl.id);
  const tasks = [];
  for (const planId of plans) {
    tasks.push(...await deps.db.select().from(onboardingTasks).where(eq(onboardingTasks.planId, planId)));
  }
  data.profile.onboardingTasks = tasks;

  const files: Record<string, Uint8Array> = {};
  const docs = await deps.db.select({
    id: payslips.id,
    period: payslips.period,
    name: payslips.documentName,
    bytes: payslips.document,
  }).from(payslips).where(eq(payslips.employeeId, employeeId)).orderBy(asc(payslips.period));
  for (const d of docs) {
    if (!d.bytes || !d.name) continue;
    const safe = d.name.replace(/[^\w.\- ]/g, "_");
    files[`files/payslips/${d.period}-${d.id.slice(0, 8)}-${safe}`] = new Uint8Array(d.bytes);
  }

  const certificates = await deps.db.select({
    id: sickCertificates.id,
    name: sickCertificates.fileName,
    bytes: sickCertificates.bytes,
  }).from(sickCertificates).where(eq(sickCertificates.employeeId, employeeId));
  for (const f of certificates) {
    files[`files/certificates/${f.id.slice(0, 8)}-${f.name.replace(/[^\w.\- ]/g, "_")}`] = new Uint8Array(
      f.bytes,
    );
  }

  const documentFiles = await deps.db.select({
    id: requiredDocumentFiles.id,
    name: requiredDocumentFiles.fileName,
    bytes: requiredDocumentFiles.bytes,
  }).from(requiredDocumentFiles).where(eq(requiredDocumentFiles.employeeId, employeeId));
  for (const f of documentFiles) {
    files[`files/documents/${f.id.slice(0, 8)}-${f.name.replace(/[^\w.\- ]/g, "_")}`] = new Uint8Array(
      f.bytes,
    );
  }

  if (account) {
    data.assistants.connections = await deps.db.select({
      id: oauthConnections.id,
      assistant: oauthClients.name,
      clientId: oauthConnections.clientId,
      scopes: oauthConnections.scopes,
      connectedAt: oauthConnections.createdAt,
      lastUsedAt: oauthConnections.lastUsedAt,
      revokedAt: oauthConnections.revokedAt,
    }).from(oauthConnections).innerJoin(oauthClients, eq(oauthClients.id, oauthConnections.clientId))
      .where(eq(oauthConnections.userId, account.id)).orderBy(desc(oauthConnections.createdAt));
    // The whole kept log, page by page, a year at a time (the audit's retention bounds how far back).
    const log = [];
    const now = deps.clock.now();
    for (let back = 0; back < 5; back++) {
      const to = new Date(now - back * MAX_ACTIVITY_DAYS * 86_400_000).toISOString().slice(0, 10);
      const from = new Date(now - ((back + 1) * MAX_ACTIVITY_DAYS - 1) * 86_400_000).toISOString().slice(
        0,
        10,
      );
      for (let offset: number | null = 0; offset !== null;) {
        const page = await assistantActivity(deps, { userId: account.id, employeeId, language: lang }, {
          from,
          to,
          offset,
        });
        log.push(...page.items.map((i) => ({ ...i, at: iso(i.at) })));
        offset = page.nextOffset;
      }
    }
    data.activity.log = log;
    data.assistants.exportRequests = (await deps.db.select({
      id: dataExports.id,
      requestedVia: dataExports.requestedVia,
      createdAt: dataExports.createdAt,
      downloadCount: dataExports.downloadCount,
    }).from(dataExports).where(eq(dataExports.employeeId, employeeId))).map((r) => ({
      ...r,
      createdAt: iso(r.createdAt),
    }));
  }
  return { data, files, lang };
}

function esc(s: unknown): string {
  return String(s ?? "").replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function table(rows: Record<string, unknown>[]): string {
  if (!rows.length) return "<p>–</p>";
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown) => esc(typeof v === "object" && v !== null ? JSON.stringify(v) : v);
  return `<table><thead><tr>${cols.map((c) => `<th>${esc(c)}</th>`).join("")}</tr></thead><tbody>${
    rows.map((r) => `<tr>${cols.map((c) => `<td>${cell(r[c])}</td>`).join("")}</tr>`).join("")
  }</tbody></table>`;
}

/** The readable part: every section as tables, headed in the person's language. */
export function renderReadable(
  data: Record<string, Record<string, unknown>>,
  files: string[],
  lang: Lang,
  generatedAt: number,
): string {
  const t = ACTIVITY_TEXTS[lang];
  const sections = (Object.keys(t.exportSections) as (keyof typeof t.exportSections)[]).map((s) => {
    const parts = Object.entries(data[s] ?? {}).map(([k, v]) => {
      const rows = Array.isArray(v) ? v as Record<string, unknown>[] : [v as Record<string, unknown>];
      return `<h3>${esc(k)}</h3>${table(rows)}`;
    }).join("");
    return `<section><h2>${esc(t.exportSections[s])}</h2>${parts}</section>`;
  }).join("");
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${
    esc(t.exportTitle)
  }</title>` +
    `<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;font-size:.85rem}` +
    `td,th{border:1px solid #ccc;padding:.2rem .4rem;vertical-align:top}</style></head><body>` +
    `<h1>${esc(t.exportTitle)}</h1><p>${esc(t.exportIntro)}</p><p>${
      esc(new Date(generatedAt).toISOString())
    }</p>` +
    sections + `<h2>${esc(t.exportFiles)}</h2><ul>${files.map((f) => `<li>${esc(f)}</li>`).join("")}</ul>` +
    `</body></html>`;
}

/** Builds the ZIP archive for one employee. */
export async function buildArchive(deps: ServiceDeps, employeeId: string): Promise<Uint8Array> {
  const { data, files, lang } = await collectPersonData(deps, employeeId);
  const now = deps.clock.now();
  const json = JSON.stringify({ generatedAt: iso(now), ...data }, null, 2);
  const entries: Record<string, Uint8Array> = {
    "data.json": strToU8(json),
    "index.html": strToU8(
      renderReadable(data as Record<string, Record<string, unknown>>, Object.keys(files), lang, now),
    ),
    ...files,
  };
  return zipSync(entries, { level: 6, mtime: new Date(now) });
}

/** What a person (or HR) sees of an export request. */
export interface ExportView {
  id: string;
  status: "PREPARING" | "READY" | "FAILED" | "EXPIRED";
  requestedAt: number;
  readyAt: number | null;
  expiresAt: number;
  sizeBytes: number | null;
  downloadCount: number;
}

function viewOf(r: typeof dataExports.$inferSelect, now: number): ExportView {
  const expired = r.status === "EXPIRED" || (r.status === "READY" && r.expiresAt <= now);
  return {
    id: r.id,
    status: expired ? "EXPIRED" : r.status as ExportView["status"],
    requestedAt: r.createdAt,
    readyAt: r.readyAt,
    expiresAt: r.expiresAt,
    sizeBytes: r.sizeBytes,
    downloadCount: r.downloadCount,
  };
}

/**
 * Records a request and prepares the archive. The returned promise settles when the archive is ready (or
 * failed); the portal waits for it a short while and otherwise answers "preparing", so a large account is
 * prepared in the background while a small one is ready at once.
 */
export async function requestExport(
  deps: ServiceDeps & { log?: { error: (m: string, f?: Record<string, unknown>) => void } },
  who: {
    employeeId: string;
    userId: string | null;
    requestedVia: "PORTAL" | "HR";
    requestedBy: string | null;
  },
): Promise<{ view: ExportView; done: Promise<ExportView> }> {
  const now = deps.clock.now();
  if (who.requestedVia === "PORTAL") {
    const recent = await deps.db.select({ createdAt: dataExports.createdAt }).from(dataExports).where(and(
      eq(dataExports.employeeId, who.employeeId),
      eq(dataExports.requestedVia, "PORTAL"),
      gt(dataExports.createdAt, now - 86_400_000),
    )).orderBy(asc(dataExports.createdAt)).limit(EXPORTS_PER_DAY);
    if (recent.length >= EXPORTS_PER_DAY) {
      const retryAfter = Math.max(1, Math.ceil((recent[0].createdAt + 86_400_000 - now) / 1000));
      throw new AppError(
        "rate_limited",
        `At most ${EXPORTS_PER_DAY} exports a day; download one of the archives already prepared.`,
        { retryAfter },
      );
    }
  }
  const [row] = await deps.db.insert(dataExports).values({
    employeeId: who.employeeId,
    userId: who.userId,
    requestedVia: who.requestedVia,
    requestedByUserId: who.requestedBy,
    status: "PREPARING",
    createdAt: now,
    expiresAt: now + EXPORT_TTL_MS,
  }).returning();
  const done = (async () => {
    try {
      const archive = await buildArchive(deps, who.employeeId);
      const ready = deps.clock.now();
      const [r] = await deps.db.update(dataExports).set({
        status: "READY",
        archive: Buffer.from(archive),
        sizeBytes: archive.byteLength,
        readyAt: ready,
        expiresAt: ready + EXPORT_TTL_MS,
      }).where(eq(dataExports.id, row.id)).returning();
      return viewOf(r, ready);
    } catch (e) {
      deps.log?.error("data export failed", { exportId: row.id, error: String(e) });
      const [r] = await deps.db.update(dataExports).set({ status: "FAILED" }).where(
        eq(dataExports.id, row.id),
      )
        .returning();
      return viewOf(r, deps.clock.now());
    }
  })();
  return { view: viewOf(row, now), done };
}

/** The person's export requests, newest first (at most 20). */
export async function listExports(deps: ServiceDeps, employeeId: string): Promise<ExportView[]> {
  const rows = await deps.db.select().from(dataExports).where(eq(dataExports.employeeId, employeeId))
    .orderBy(desc(dataExports.createdAt)).limit(20);
  const now = deps.clock.now();
  return rows.map((r) => viewOf(r, now));
}

/** One of the person's export requests (404 for anyone else's). */
export async function getExport(deps: ServiceDeps, employeeId: string, id: string): Promise<ExportView> {
  const r = await deps.db.query.dataExports.findFirst({
    where: and(eq(dataExports.id, id), eq(dataExports.employeeId, employeeId)),
  });
  if (!r) throw new AppError("not_found", "No data export with this id.");
  return viewOf(r, deps.clock.now());
}

/** The archive of a ready, unexpired export; each download is counted on the request's record. */
export async function downloadExport(
  deps: ServiceDeps,
  employeeId: string,
  id: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await exportArchive(deps, employeeId, id);
  await recordExportDownload(deps, id);
  return bytes;
}

/** The archive of a ready export of the employee, without counting a download (404, or 409 while preparing). */
export async function exportArchive(
  deps: ServiceDeps,
  employeeId: string,
  id: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const r = await deps.db.query.dataExports.findFirst({
    where: and(eq(dataExports.id, id), eq(dataExports.employeeId, employeeId)),
  });
  if (!r) throw new AppError("not_found", "No data export with this id.");
  const v = viewOf(r, deps.clock.now());
  if (v.status === "PREPARING") throw new AppError("conflict", "The archive is still being prepared.");
  if (v.status !== "READY" || !r.archive) {
    throw new AppError("not_found", "This archive is no longer offered; request a new export.");
  }
  return new Uint8Array(r.archive) as Uint8Array<ArrayBuffer>;
}

/** Counts one download of an export's archive. */
export async function recordExportDownload(deps: ServiceDeps, id: string): Promise<void> {
  await deps.db.update(dataExports).set({
    downloadCount: sql`${dataExports.downloadCount} + 1`,
    lastDownloadedAt: deps.clock.now(),
  }).where(eq(dataExports.id, id));
}

/** Deletes the archives whose offer ended (the request's record stays, marked EXPIRED). */
export async function expireExports(deps: ServiceDeps): Promise<number> {
  const rows = await deps.db.update(dataExports).set({ status: "EXPIRED", archive: null })
    .where(and(eq(dataExports.status, "READY"), lt(dataExports.expiresAt, deps.clock.now() + 1)))
    .returning({ id: dataExports.id });
  return rows.length;
}
