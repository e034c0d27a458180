import { portalActor } from "../services/actor.ts";
import { getCompensation } from "../services/pay.ts";
import { getSalaryContinuation } from "../services/sick_leave.ts";
import { route, type RouteDef } from "./route.ts";
import { Compensation, SalaryContinuation } from "./schemas.ts";

/** Salary and salary continuation during illness. */
export const compensationRoutes: RouteDef[] = [
  route({
    method: "get",
    path: "/employee/salary-continuation",
    operationId: "getSalaryContinuation",
    reuse: true,
    tag: "compensation",
    access: "employee",
    summary: "Salary continuation during illness under the caller's court scale",
    description:
      "BERNER, ZUERCHER or BASLER scale (the courts' tables for Art. 324a OR, as published by kfmv Bern " +
      "and the Bezirksgericht Andelfingen), service years from the employment start, weeks entitled in the current " +
      "service year, and a description in the caller's language.",
    response: SalaryContinuation,
    errors: {},
    handler: ({ deps, user }) => getSalaryContinuation(deps, portalActor(user)),
  }),
  route({
    method: "get",
    path: "/employee/compensation",
    operationId: "getCompensation",
    reuse: true,
    tag: "compensation",
    access: "employee",
    summary: "Current salary, agreed changes and the history",
    description:
      "The caller's current salary (the latest change not in the future), changes already agreed for " +
      "later, and the history, newest first (at most 50). Never stored by any cache (`no-store`).",
    response: Compensation,
    errors: {},
    handler: ({ deps, user }) => getCompensation(deps, portalActor(user)),
  }),
];
