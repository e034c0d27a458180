import { z } from "zod";
import { portalActor } from "../services/actor.ts";
import { getPayslip, getPayslipDocument, listPayslips } from "../services/pay.ts";
import { route, type RouteDef } from "./route.ts";
import { fileResponse } from "./files.ts";
import {
  cursorPageFields,
  cursorPageQuery,
  idParam,
  Payslip,
  PayslipSummary,
  syncFields,
  updatedSinceQuery,
  yearQuery,
} from "./schemas.ts";

/** The caller's payslips. */
export const payslipRoutes: RouteDef[] = [
  route({
    method: "get",
    path: "/employee/payslips",
    operationId: "listPayslips",
    reuse: true,
    tag: "payslips",
    access: "employee",
    summary: "The caller's payslips (period and payment date), newest first",
    description:
      "Period, payment date and whether a document is stored, newest first, 50 a page, optionally one " +
      "year; the amounts are in `GET /employee/payslips/{id}`. With `updatedSince`: the payslips filed " +
      "since, oldest filing first (a payslip never changes and is never deleted, so `deleted` is empty; " +
      "`year` does not apply).",
    query: z.strictObject({ year: yearQuery, updatedSince: updatedSinceQuery, ...cursorPageQuery }),
    response: z.strictObject({ ...cursorPageFields(PayslipSummary), ...syncFields }),
    errors: {},
    handler: ({ deps, user, query }) => listPayslips(deps, portalActor(user), query),
  }),
  route({
    method: "get",
    path: "/employee/payslips/:id",
    operationId: "getPayslip",
    reuse: true,
    tag: "payslips",
    access: "employee",
    summary: "One payslip with its amounts",
    description:
      "Gross, deductions and net of one of the caller's payslips. Salary data: never stored by any cache " +
      "(`no-store`). Another person's payslip answers 404.",
    params: idParam,
    response: Payslip,
    errors: { 404: "The caller has no payslip with this id." },
    handler: ({ deps, user, params }) => getPayslip(deps, portalActor(user), params),
  }),
  route({
    method: "get",
    path: "/employee/payslips/:id/document",
    operationId: "getPayslipDocument",
    tag: "payslips",
    access: "employee",
    summary: "The stored payslip document (PDF)",
    description:
      "The PDF stored for one of the caller's payslips. Not stored by any cache (`no-store`); a strong " +
      "`ETag` over the bytes lets the app skip the download with `If-None-Match` (304), since a payslip's " +
      "document does not change.",
    params: idParam,
    fileType: "application/pdf",
    errors: { 404: "The caller has no payslip with this id, or no document is stored for it." },
    handler: async ({ deps, user, params, c }) => {
      return fileResponse(c, await getPayslipDocument(deps, portalActor(user), params));
    },
  }),
];
