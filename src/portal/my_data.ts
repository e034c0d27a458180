/**
 * The person's own view of their data (right of access, Art. 25 FADP): what assistants read or changed about
 * them, and an archive of everything the service holds about them.
 */
import { z } from "zod";
import { route, type RouteDef } from "./route.ts";
import { cursorPageFields, cursorPageQuery, dateTime, idParam, isoDate, wholeListFields } from "./schemas.ts";
import { fileResponse } from "./files.ts";
import { assistantActivity, ownConnectionCounts } from "../services/assistant_activity.ts";
import {
  exportArchive,
  type ExportView,
  getExport,
  listExports,
  recordExportDownload,
  requestExport,
} from "../services/my_data_export.ts";

const iso = (ms: number | null) => ms === null ? null : new Date(ms).toISOString();

const ActivityItem = z.strictObject({
  at: dateTime,
  assistant: z.string().meta({ description: "The assistant's (OAuth client's) name." }),
  clientId: z.string().nullable(),
  actor: z.enum(["self", "employee", "manager", "hr", "admin", "recruiter"]).meta({
    description: "`self` for the caller's own assistant; otherwise the role of the account whose assistant " +
      "acted (never who: the log tells the kind of access, not another person's identity).",
  }),
  area: z.enum([
    "overview",
    "account",
    "leave",
    "time",
    "sick",
    "payslips",
    "calendar",
    "documents",
    "record",
    "approvals",
    "onboarding",
    "application",
  ]),
  action: z.enum(["read", "prepare", "change"]),
  outcome: z.enum(["ok", "refused", "error"]),
  text: z.string().meta({ description: "The entry in plain words, in the caller's language." }),
});

const ConnectionCounts = z.strictObject({
  connectionId: z.string(),
  clientId: z.string(),
  assistant: z.string(),
  personRecordsTouched: z.number().int().meta({
    description: "Different person records this connection of the caller touched in the period.",
  }),
  exportDays: z.array(z.strictObject({ day: isoDate, personCount: z.number().int() })).meta({
    description: "Days this connection touched 50 or more people (recorded as an export).",
  }),
});

const DataExport = z.strictObject({
  id: z.string(),
  status: z.enum(["PREPARING", "READY", "FAILED", "EXPIRED"]),
  requestedAt: dateTime,
  readyAt: dateTime.nullable(),
  expiresAt: dateTime,
  sizeBytes: z.number().int().nullable(),
  downloadCount: z.number().int(),
});

function exportOut(v: ExportView) {
  return {
    id: v.id,
    status: v.status,
    requestedAt: iso(v.requestedAt)!,
    readyAt: iso(v.readyAt),
    expiresAt: iso(v.expiresAt)!,
    sizeBytes: v.sizeBytes,
    downloadCount: v.downloadCount,
  };
}

/** How long a request waits for its archive before answering "preparing" (a small account is ready by then). */
const WAIT_FOR_ARCHIVE_MS = 2_000;

export const myDataRoutes: RouteDef[] = [
  route({
    method: "get",
    path: "/auth/assistants/activity",
    operationId: "listAssistantActivity",
    tag: "auth",
    access: "user",
    summary: "What assistants read or changed about the caller",
    description: "Every call of an assistant that concerned the caller, newest first: the caller's own " +
      "assistants (every tool, document and prompt) and any other person's assistant whose result touched the " +
      "caller's employee record (then only the role of that account, never who, and never the content). A " +
      "period of at most 366 days (default: the last 30 days), optionally one assistant; 50 entries a page. " +
      "`connections` counts, for the caller's own connections, the person records each touched and the days " +
      "it was recorded as an export. Entries are kept as long as the installation's audit retention.",
    query: z.strictObject({
      from: isoDate.optional(),
      to: isoDate.optional(),
      assistant: z.string().max(200).optional().meta({ description: "An OAuth client id." }),
      ...cursorPageQuery,
    }),
    response: z.strictObject({
      from: isoDate,
      to: isoDate,
      items: z.array(ActivityItem),
      nextOffset: cursorPageFields(ActivityItem).nextOffset,
      nextCursor: cursorPageFields(ActivityItem).nextCursor,
      connections: z.array(ConnectionCounts),
    }),
    errors: { 400: "An invalid date, 'from' after 'to', or a period longer than 366 days." },
    handler: async ({ deps, user, query }) => {
      const page = await assistantActivity(deps, user, { ...query, clientId: query.assistant });
      const connections = await ownConnectionCounts(deps, user.userId, query);
      return {
        from: page.from,
        to: page.to,
        items: page.items.map((i) => ({ ...i, at: iso(i.at)! })),
        nextOffset: page.nextOffset,
        nextCursor: page.nextCursor,
        connections,
      };
    },
  }),
  route({
    method: "post",
    path: "/employee/data-exports",
    operationId: "requestDataExport",
    tag: "profile",
    access: "employee",
    status: 201,
    summary: "Ask for an archive of everything the service holds about the caller",
    description: "Prepares a ZIP archive: `data.json` (machine-readable), `index.html` (readable, in the " +
      "caller's language) and `files/` (payslip documents). A small account's archive is READY in the answer; " +
      "a larger one is PREPARING and is then polled. The archive is offered for seven days. At most three " +
      "requests a day (429 with Retry-After).",
    response: DataExport,
    errors: { 429: "Three exports were already asked for in the last 24 hours." },
    handler: async ({ deps, user, employeeId }) => {
      const { view, done } = await requestExport(deps, {
        employeeId,
        userId: user.userId,
        requestedVia: "PORTAL",
        requestedBy: user.userId,
      });
      deps.log.info("data export requested", { exportId: view.id, userId: user.userId, via: "PORTAL" });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = await Promise.race([
        done,
        new Promise<null>((r) => timer = setTimeout(() => r(null), WAIT_FOR_ARCHIVE_MS)),
      ]);
      clearTimeout(timer);
      return exportOut(waited ?? view);
    },
  }),
  route({
    method: "get",
    path: "/employee/data-exports",
    operationId: "listDataExports",
    tag: "profile",
    access: "employee",
    summary: "The caller's data export requests, newest first",
    description:
      "The caller's requests for an archive of their data, newest first, with their state (PREPARING, " +
      "READY, FAILED, EXPIRED), size, when the offer ends and how often the archive was downloaded.",
    response: z.strictObject(wholeListFields(DataExport)),
    errors: {},
    handler: async ({ deps, employeeId }) => ({
      items: (await listExports(deps, employeeId)).map(exportOut),
      nextCursor: null,
    }),
  }),
  route({
    method: "get",
    path: "/employee/data-exports/:id",
    operationId: "getDataExport",
    tag: "profile",
    access: "employee",
    summary: "One data export request and its state",
    description:
      "One of the caller's data export requests: poll it after `POST /employee/data-exports` answered " +
      "PREPARING until it reads READY. Another person's export answers 404.",
    params: idParam,
    response: DataExport,
    errors: { 404: "No data export of the caller with this id." },
    handler: async ({ deps, employeeId, params }) => exportOut(await getExport(deps, employeeId, params.id)),
  }),
  route({
    method: "get",
    path: "/employee/data-exports/:id/archive",
    operationId: "downloadDataExport",
    tag: "profile",
    access: "employee",
    summary: "Download the archive (ZIP) of a ready data export",
    description:
      "The ZIP archive of a READY export, downloadable while it is offered (seven days). Each download is " +
      "counted. Not stored by any cache (`no-store`); a strong `ETag` over the bytes lets the app skip a " +
      "second download with `If-None-Match` (304, not counted). While it is PREPARING: 409; once expired: " +
      "404.",
    params: idParam,
    fileType: "application/zip",
    errors: {
      404: "No data export of the caller with this id, or its archive is no longer offered.",
      409: "The archive is still being prepared.",
    },
    handler: async ({ deps, user, employeeId, params, c }) => {
      const bytes = await exportArchive(deps, employeeId, params.id);
      return fileResponse(c, {
        fileName: `my-data-${params.id.slice(0, 8)}.zip`,
        contentType: "application/zip",
        bytes,
      }, async () => {
        await recordExportDownload(deps, params.id);
        deps.log.info("data export downloaded", { exportId: params.id, userId: user.userId });
      });
    },
  }),
];
