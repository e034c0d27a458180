/**
 * A person's own data export (right of access: Art. 25 FADP/nDSG; GDPR Art. 15 and 20): one ZIP archive with
 * everything the service holds about them — `data.json` (machine-readable, every instant and day in ISO 8601),
 * `index.html` (a readable document in the person's language that fits a phone, linking the files by their
 * path inside the archive) and `files/` (their payslip documents, certificates and uploaded documents).
 *
 * What goes in is declared table by table below: every table that holds rows of one employee, with the
 * columns left out and why. Left out are secrets (password and token hashes), internal keys that mean nothing
 * to the person, and other people's data (the subject of a feedback draft, who else a task was assigned to).
 * Each request is recorded in `data_exports` (who asked, through which door, when, downloads), and the archive
 * itself is kept only for `EXPORT_TTL_MS`.
 */
import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { getTableColumns } from "drizzle-orm";
import {
  cantonChanges,
  closureWorkThrough,
  compensation,
  dataExports,
  documentAcknowledgements,
  employees,
  expenseReports,
  feedbackDrafts,
  leaveAdjustments,
  leaveEntitlements,
  leaveRequestAttachments,
  leaveRequests,
  leaveTypes,
  notifications,
  oauthClients,
  oauthConnections,
  oauthConnectionUses,
  onboardingPlans,
  onboardingTasks,
  payslips,
  personalDocuments,
  profileChangeRequests,
  pushDevices,
  requiredDocumentFiles,
  requiredDocuments,
  sessions,
  sickCertificates,
  sickLeaveEntries,
  surveyInvitations,
  timeEntries,
  timeTimerBreaks,
  timeTimers,
  users,
  workloadChanges,
} from "../db/schema/mod.ts";
import { refusal } from "../errors.ts";
import { isLang, type Lang } from "../i18n/mod.ts";
import { ACTIVITY_TEXTS, type ActivityTexts } from "../i18n/activity.ts";
import { dataExportTexts } from "../i18n/data_export.ts";
import { zoneOffsetMinutes } from "../domain/time.ts";
import { DEFAULT_TIME_ZONE, leaveTypeName, type ServiceDeps } from "./common.ts";
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
  { section: "profile", key: "cantonChanges", table: cantonChanges, owner: "employeeId" },
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
  // The files' bytes go to files/, not into the JSON.
  {
    section: "documents",
    key: "personalDocuments",
    table: personalDocuments,
    owner: "employeeId",
    omit: ["bytes", "uploadedByUserId"],
  },
  {
    section: "documents",
    key: "policyAcknowledgements",
    table: documentAcknowledgements,
    owner: "employeeId",
  },
  {
    section: "leave",
    key: "leaveRequestAttachments",
    table: leaveRequestAttachments,
    owner: "employeeId",
    omit: ["bytes"],
  },
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
  sync_tombstones: "ids of rows already gone (kept 90 days for the app's sync): no data about the person",
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
): Promise<{
  data: Record<string, unknown>;
  files: Record<string, Uint8Array>;
  lang: Lang;
  /** Row id → the path of its file in the archive (a payslip, a certificate, an uploaded document). */
  links: Record<string, string>;
}> {
  const emp = await deps.db.query.employees.findFirst({ where: eq(employees.id, employeeId) });
  if (!emp) throw refusal("not_found", "documents.noSuchEmployee");
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
    // Neither the token's hash nor the previous one's: secrets of the session, nothing about the person.
    data.profile.sessions = (await deps.db.select().from(sessions).where(eq(sessions.userId, account.id))
      .orderBy(desc(sessions.createdAt))).map((s) => pick(s, ["tokenHash", "previousTokenHash"]));
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
  // The running timer's breaks, recorded as they started and ended; they go with the timer when it stops.
  const timerBreaks = [];
  for (const timer of data.time.runningTimer as { id: string }[]) {
    timerBreaks.push(
      ...await deps.db.select().from(timeTimerBreaks).where(eq(timeTimerBreaks.timerId, timer.id))
        .orderBy(asc(timeTimerBreaks.startedAt)),
    );
  }
  data.time.runningTimerBreaks = timerBreaks;
  // The leave type's name beside its id, in the person's language: the id alone means nothing to them.
  const types = new Map((await deps.db.select().from(leaveTypes)).map((t) => [t.id, leaveTypeName(t, lang)]));
  for (const key of ["leaveEntitlements", "leaveAdjustments", "leaveRequests"]) {
    for (const row of data.leave[key] as Record<string, unknown>[]) {
      row.leaveType = types.get(row.leaveTypeId as string) ?? null;
    }
  }

  const files: Record<string, Uint8Array> = {};
  const links: Record<string, string> = {};
  /**
   * A stored file into `files/<folder>/`, named by its record's id (after `prefix`) and its own name, and
   * linked from the records in `from` (the file's row, and the absence or request it belongs to).
   */
  const keep = (
    folder: string,
    f: { id: string; name: string; bytes: Uint8Array },
    from: string[],
    prefix = "",
  ) => {
    const path = `files/${folder}/${prefix}${f.id.slice(0, 8)}-${safeName(f.name)}`;
    files[path] = new Uint8Array(f.bytes);
    for (const id of from) links[id] = path;
  };
  const docs = await deps.db.select({
    id: payslips.id,
    period: payslips.period,
    name: payslips.documentName,
    bytes: payslips.document,
  }).from(payslips).where(eq(payslips.employeeId, employeeId)).orderBy(asc(payslips.period));
  for (const d of docs) {
    if (d.bytes && d.name) keep("payslips", { ...d, name: d.name, bytes: d.bytes }, [d.id], `${d.period}-`);
  }
  const certificates = await deps.db.select({
    id: sickCertificates.id,
    sickEntryId: sickCertificates.sickEntryId,
    name: sickCertificates.fileName,
    bytes: sickCertificates.bytes,
  }).from(sickCertificates).where(eq(sickCertificates.employeeId, employeeId));
  for (const f of certificates) keep("certificates", f, [f.sickEntryId, f.id]);
  const documentFiles = await deps.db.select({
    id: requiredDocumentFiles.id,
    requiredDocumentId: requiredDocumentFiles.requiredDocumentId,
    name: requiredDocumentFiles.fileName,
    bytes: requiredDocumentFiles.bytes,
  }).from(requiredDocumentFiles).where(eq(requiredDocumentFiles.employeeId, employeeId));
  for (const f of documentFiles) keep("documents", f, [f.requiredDocumentId, f.id]);
  const own = await deps.db.select({
    id: personalDocuments.id,
    name: personalDocuments.fileName,
    bytes: personalDocuments.bytes,
  }).from(personalDocuments).where(eq(personalDocuments.employeeId, employeeId));
  for (const f of own) keep("documents", f, [f.id]);
  const attachments = await deps.db.select({
    id: leaveRequestAttachments.leaveRequestId,
    name: leaveRequestAttachments.fileName,
    bytes: leaveRequestAttachments.bytes,
  }).from(leaveRequestAttachments).where(eq(leaveRequestAttachments.employeeId, employeeId));
  for (const f of attachments) keep("leave", f, [f.id]);

  if (account) {
    data.assistants.connections = await deps.db.select({
      id: oauthConnections.id,
      assistant: oauthClients.name,
      clientId: oauthConnections.clientId,
      scopes: oauthConnections.scopes,
      connectedAt: oauthConnections.createdAt,
      lastUsedAt: oauthConnectionUses.lastUsedAt,
      revokedAt: oauthConnections.revokedAt,
    }).from(oauthConnections).innerJoin(oauthClients, eq(oauthClients.id, oauthConnections.clientId))
      .leftJoin(oauthConnectionUses, eq(oauthConnectionUses.connectionId, oauthConnections.id))
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
  return { data: normalise(data) as Record<string, unknown>, files, lang, links };
}

/** A file name as it is safe in a ZIP path and a relative link: letters, digits, `.`, `-`, `_`. */
function safeName(name: string): string {
  return name.replace(/[^\w.\-]/g, "_");
}

/** Columns whose text is JSON: exported as the structure it holds, not as a string within a string. */
const JSON_TEXT: ReadonlySet<string> = new Set(["payload", "lines", "daysByYear", "entitlementSteps"]);

/**
 * One format for `data.json`: every instant (a column named `…At` or `…Until`, stored as epoch milliseconds) as
 * an ISO 8601 date-time in UTC, days stay ISO 8601 dates (`YYYY-MM-DD`); JSON held in text columns as JSON; no
 * hash of any secret (tokens, passwords), should a column carry one that a part forgot to omit.
 */
export function normalise(v: unknown, key = ""): unknown {
  if (Array.isArray(v)) return v.map((x) => normalise(x));
  if (v instanceof Uint8Array) return undefined;
  if (v && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (/hash$/i.test(k)) continue;
      const n = normalise(x, k);
      if (n !== undefined) out[k] = n;
    }
    return out;
  }
  // A policy's version is the instant it was last changed (epoch milliseconds as stored).
  if (typeof v === "number" && (/(At|Until)$/.test(key) || key === "documentVersion")) {
    return new Date(v).toISOString();
  }
  if (typeof v === "string" && JSON_TEXT.has(key)) {
    try {
      return normalise(JSON.parse(v));
    } catch {
      return v;
    }
  }
  return v;
}

function esc(s: unknown): string {
  return String(s ?? "").replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** `2026-11-25` → `25.11.2026`, as people in Switzerland write a date in every one of the four languages. */
function swissDate(day: string): string {
  return `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
}

/** An ISO instant as the local date and minute in the service's time zone: `25.11.2026 14:30`. */
function swissInstant(value: string, timeZone: string): string {
  const ms = Date.parse(value);
  const local = new Date(ms + zoneOffsetMinutes(ms, timeZone) * 60_000).toISOString();
  return `${swissDate(local.slice(0, 10))} ${local.slice(11, 16)}`;
}

/** Internal keys that mean nothing to the person (record ids, who in HR did what): in data.json only. */
const hiddenField = (key: string) =>
  key === "id" || /Id$/.test(key) || key === "createdBy" || key === "sortOrder";

type Texts = ReturnType<typeof dataExportTexts>;

/** A value as the readable document shows it; empty ones are left out (undefined). */
function shown(v: unknown, t: Texts, timeZone: string): string | undefined {
  if (v === null || v === undefined || v === "") return undefined;
  if (typeof v === "boolean") return esc(v ? t.yes : t.no);
  if (typeof v === "string") {
    if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return swissDate(v);
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v))) {
      return swissInstant(v, timeZone);
    }
    return esc(t.value(v));
  }
  if (Array.isArray(v)) {
    const items = v.map((x) => shown(x, t, timeZone)).filter((x) => x !== undefined);
    // Records (a payslip's lines) one a line, plain values in a row.
    return items.length ? items.join(v.some((x) => x && typeof x === "object") ? "<br>" : ", ") : undefined;
  }
  if (typeof v === "object" && "label" in v && "amount" in v && Object.keys(v).length === 2) {
    const line = v as { label: unknown; amount: unknown };
    return `${esc(line.label)}: ${esc(line.amount)}`;
  }
  if (typeof v === "object") {
    const pairs = Object.entries(v as Record<string, unknown>).filter(([k]) => !hiddenField(k))
      .map(([k, x]) => [k, shown(x, t, timeZone)] as const).filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${esc(t.field(k))}: ${x}`);
    return pairs.length ? pairs.join(", ") : undefined;
  }
  return esc(v);
}

/** One record as a card of label and value, its file linked by the path inside the archive. */
function card(
  row: Record<string, unknown>,
  t: Texts,
  timeZone: string,
  links: Record<string, string>,
): string {
  const items: string[] = [];
  for (const [k, v] of Object.entries(row)) {
    if (hiddenField(k)) continue;
    const value = shown(v, t, timeZone);
    if (value !== undefined) items.push(`<dt>${esc(t.field(k))}</dt><dd>${value}</dd>`);
  }
  const path = typeof row.id === "string" ? links[row.id] : undefined;
  if (path) {
    items.push(
      `<dt>${esc(t.field("file"))}</dt><dd><a href="${esc(path)}">${
        esc(path.slice(path.lastIndexOf("/") + 1))
      }</a></dd>`,
    );
  }
  return items.length ? `<dl class="rec">${items.join("")}</dl>` : "";
}

const STYLE = "*{box-sizing:border-box}" +
  "body{font:16px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;color:#1a1a1a;margin:0 auto;" +
  "padding:1rem;max-width:46rem}" +
  "h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.3rem;margin:2rem 0 .5rem;border-bottom:2px solid #ccc}" +
  "h3{font-size:1.05rem;margin:1.2rem 0 .4rem}h1,h2,h3,p,li,a{overflow-wrap:anywhere}" +
  ".rec{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:.15rem .75rem;margin:.5rem 0;" +
  "padding:.6rem .75rem;border:1px solid #ddd;border-radius:.5rem}" +
  ".rec dt{color:#555}.rec dd{margin:0;overflow-wrap:anywhere}.none{color:#666}nav ul{padding-left:1.2rem}";

/**
 * The readable part: a document in the person's language that fits a phone, one section per area, each
 * record a card of labels and values (days as 25.11.2026, instants in the service's time zone), the files
 * linked by their path inside the archive. Record ids are left to `data.json`.
 */
export function renderReadable(
  data: Record<string, Record<string, unknown>>,
  files: string[],
  lang: Lang,
  generatedAt: number,
  links: Record<string, string> = {},
  timeZone = DEFAULT_TIME_ZONE,
): string {
  const a = ACTIVITY_TEXTS[lang];
  const t = dataExportTexts(lang);
  const keys = Object.keys(a.exportSections) as (keyof typeof a.exportSections)[];
  const sections = keys.map((s) => {
    const parts = Object.entries(data[s] ?? {}).map(([k, v]) => {
      const rows = (Array.isArray(v) ? v : [v]).filter((r) => r && typeof r === "object") as Record<
        string,
        unknown
      >[];
      const heading = `<h3>${esc(t.part(k))}${Array.isArray(v) ? ` (${rows.length})` : ""}</h3>`;
      const cards = rows.map((r) => card(r, t, timeZone, links)).join("");
      return heading + (cards || `<p class="none">${esc(t.none)}</p>`);
    }).join("");
    return `<section id="${s}"><h2>${esc(a.exportSections[s])}</h2>${parts}</section>`;
  }).join("");
  const nav = `<nav><h2>${esc(t.contents)}</h2><ul>${
    keys.map((s) => `<li><a href="#${s}">${esc(a.exportSections[s])}</a></li>`).join("")
  }<li><a href="#files">${esc(a.exportFiles)}</a></li></ul></nav>`;
  const list = files.length
    ? `<ul>${files.map((f) => `<li><a href="${esc(f)}">${esc(f)}</a></li>`).join("")}</ul>`
    : `<p class="none">${esc(t.none)}</p>`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${
      esc(a.exportTitle)
    }</title>` +
    `<style>${STYLE}</style></head><body><main><h1>${esc(a.exportTitle)}</h1><p>${esc(a.exportIntro)}</p>` +
    `<p>${esc(t.generated)} ${swissInstant(new Date(generatedAt).toISOString(), timeZone)}</p>` +
    `<p>${esc(t.complete)}</p>${nav}${sections}` +
    `<section id="files"><h2>${esc(a.exportFiles)}</h2>${list}</section></main></body></html>`;
}

/** Builds the ZIP archive for one employee. */
export async function buildArchive(deps: ServiceDeps, employeeId: string): Promise<Uint8Array> {
  // Loaded here, not with the service: an export is rare, and the library stays out of an idle service's memory.
  const { strToU8, zipSync } = await import("fflate");
  const { data, files, lang, links } = await collectPersonData(deps, employeeId);
  const now = deps.clock.now();
  const json = JSON.stringify({ generatedAt: iso(now), ...data }, null, 2);
  const entries: Record<string, Uint8Array> = {
    "data.json": strToU8(json),
    "index.html": strToU8(
      renderReadable(
        data as Record<string, Record<string, unknown>>,
        Object.keys(files),
        lang,
        now,
        links,
        deps.config?.timeZone ?? DEFAULT_TIME_ZONE,
      ),
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
      throw refusal("rate_limited", "export.perDay", { max: EXPORTS_PER_DAY }, { retryAfter });
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
  if (!r) throw refusal("not_found", "export.noSuchExport");
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
  if (!r) throw refusal("not_found", "export.noSuchExport");
  const v = viewOf(r, deps.clock.now());
  if (v.status === "PREPARING") throw refusal("conflict", "export.preparing");
  if (v.status !== "READY" || !r.archive) {
    throw refusal("not_found", "export.gone");
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
