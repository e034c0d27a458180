import { z } from "zod";
import { portalActor } from "../services/actor.ts";
import { getPayslip, getPayslipDocument, listPayslips } from "../services/pay.ts";
import { route, type RouteDef } from "./route.ts";
import { idParam, pageFields, pageQuery, Payslip, PayslipSummary, yearQuery } from "./schemas.ts";

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
    query: z.strictObject({ year: yearQuery, ...pageQuery }),
    response: z.strictObject(pageFields(PayslipSummary)),
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
    params: idParam,
    fileType: "application/pdf",
    errors: { 404: "The caller has no payslip with this id, or no document is stored for it." },
    handler: async ({ deps, user, params, c }) => {
      const doc = await getPayslipDocument(deps, portalActor(user), params);
      const name = doc.fileName.replace(/[^\w.\- ]/g, "_");
      return c.body(doc.bytes, 200, {
        "Content-Type": doc.contentType,
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "private, no-store",
      });
    },
  }),
];
