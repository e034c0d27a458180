/**
 * The notification kinds an app can receive are named in the OpenAPI document as an enum, all fourteen the
 * service writes, and the push registration's description lists the same kinds.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";

const KINDS = [
  "LEAVE_REQUEST_FILED",
  "LEAVE_REQUEST_DECIDED",
  "LEAVE_REQUEST_WITHDRAWN",
  "LEAVE_CANCELLATION_REQUESTED",
  "LEAVE_REQUEST_RECALCULATED",
  "TIMESHEET_SUBMITTED",
  "TIMESHEET_DECIDED",
  "SICK_REPORTED",
  "SICK_ENDED",
  "SICK_REPORT_WITHDRAWN",
  "SICK_CERTIFICATE_ACCEPTED",
  "PROFILE_CHANGE_REQUESTED",
  "PROFILE_CHANGE_DECIDED",
  "application.stage_changed",
];

type Schema = { $ref?: string; properties?: Record<string, Schema>; items?: Schema; enum?: string[] };

Deno.test("notification kinds: the document's kind is an enum of the fourteen kinds the service writes", async () => {
  const app = await makeTestApp();
  try {
    const doc = await (await app.request("/api/v1/openapi.json")).json();
    const resolve = (s: Schema): Schema =>
      s.$ref ? resolve(doc.components.schemas[s.$ref.replace("#/components/schemas/", "")]) : s;
    const ok = resolve(
      doc.paths["/api/v1/portal/employee/notifications"].get.responses["200"]
        .content["application/json"].schema,
    );
    const item = resolve(resolve(resolve(resolve(ok.properties!.data).properties!.items).items!));
    const kind = resolve(item.properties!.kind);
    assert.deepEqual([...(kind.enum ?? [])].sort(), [...KINDS].sort());
    const register = doc.paths["/api/v1/portal/employee/push-devices"].post.description as string;
    for (const k of KINDS) assert.ok(register.includes(k), `the push description names ${k}`);
  } finally {
    app.close();
  }
});
