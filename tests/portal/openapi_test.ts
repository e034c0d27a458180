/**
 * The OpenAPI document: valid OpenAPI 3.0.3 by a third-party validator, the contract's
 * version, tags and operation id, and real responses of EVERY operation checked against the document's
 * response schemas with ajv, so the document and the behaviour cannot drift apart.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import {
  applicationTasks,
  feedbackDrafts,
  oauthClients,
  oauthConnections,
  onboardingPlans,
  onboardingTasks,
  requiredDocuments,
  sessions,
  sickLeaveEntries,
  users,
} from "../../src/db/schema/mod.ts";
import { EMPLOYEE_ID, MANAGER_ID } from "../services/_fixtures.ts";
import { GATED_APPLICATION_ID } from "../../src/demo/recruiting.ts";
import { issueAppCode } from "../../src/signin/app_signin.ts";
import { addPersonalDocument } from "../../src/services/my_documents.ts";
import { pkce } from "../oauth/_helpers.ts";

// ajv-formats is CommonJS: its default export arrives wrapped or not depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => Ajv;

type Doc = {
  openapi: string;
  info: { version: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Op>>;
  components: { schemas: Record<string, unknown> };
};
type Op = {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};

async function loadDoc(t: TestApp): Promise<Doc> {
  const r = await t.request("/api/v1/openapi.json");
  assert.equal(r.status, 200);
  assert.match(r.headers.get("content-type")!, /application\/json/);
  return await r.json();
}

Deno.test("openapi: the document is valid OpenAPI 3.0.3 with the contract's version, tags and summary operation", async () => {
  const t = await makeTestApp();
  try {
    const doc = await loadDoc(t);
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2)?.slice(0, 3000));
    assert.equal(doc.openapi, "3.0.3");
    assert.equal(doc.info.version, "1.0.0");
    const eight = ["profile", "leave", "time", "sick-leave", "payslips", "compensation", "auth", "holidays"];
    assert.deepEqual(doc.tags.map((x) => x.name), eight, "exactly the contract's eight tags, in its order");
    const used = new Set(
      Object.values(doc.paths).flatMap((p) =>
        Object.values(p).flatMap((o) => (o as unknown as { tags: string[] }).tags)
      ),
    );
    assert.deepEqual([...used].filter((x) => !eight.includes(x)), [], "every operation carries one of them");
    const summary = doc.paths["/api/v1/portal/employee/summary"].get;
    assert.equal(summary.operationId, "getEmployeeSummary");
    // The contract's 200, 401 and 404, and what every read of the portal can also answer: 304 to a
    // conditional request, 405 for another method, 429 beyond the request limit, 500 for a fault, 503 while
    // another program holds the database's lock; a write can also answer 507 when the disk is full.
    assert.deepEqual(Object.keys(summary.responses).sort(), [
      "200",
      "304",
      "401",
      "404",
      "405",
      "429",
      "500",
      "503",
    ]);
    const filing = doc.paths["/api/v1/portal/employee/leave/requests"].post;
    assert.ok(["413", "415", "503", "507"].every((c) => c in filing.responses));
    assert.ok("Retry-After" in ((filing.responses["503"] as { headers?: object }).headers ?? {}));
    const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    assert.equal(new Set(ids).size, ids.length, "operation ids are unique");
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [status, resp] of Object.entries(op.responses)) {
          if (Number(status) >= 400) {
            assert.deepEqual(resp.content?.["application/json"].schema, {
              $ref: "#/components/schemas/Error",
            }, `${method} ${path} ${status}`);
          }
        }
      }
    }
    // The four contract endpoints.
    assert.ok(doc.paths["/api/v1/portal/employee/time-entries"].post);
    assert.ok(doc.paths["/api/v1/portal/employee/sick-leave/end"].post);
    assert.ok(doc.paths["/api/v1/portal/employee/salary-continuation"].get);
  } finally {
    t.close();
  }
});

Deno.test("openapi: every operation has a description beside its summary", async () => {
  const t = await makeTestApp();
  try {
    const doc = await loadDoc(t);
    const bare: string[] = [];
    let count = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        count++;
        const { summary, description } = op as unknown as { summary?: string; description?: string };
        assert.ok(summary?.trim(), `${method} ${path} has a summary`);
        if (!description?.trim() || description.trim() === summary!.trim()) bare.push(`${method} ${path}`);
      }
    }
    assert.ok(count >= 68, `the document lists the portal's operations (${count})`);
    assert.deepEqual(bare, [], "operations whose description is missing, empty or the summary again");
  } finally {
    t.close();
  }
});

/**
 * OpenAPI 3.0 schema objects → JSON Schema for ajv: `nullable: true` becomes a union with null, and
 * component references point into `definitions`.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== "object") return node;
  const src = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(src)) {
    if (k === "nullable" || k === "example") continue;
    if (k === "$ref" && typeof v === "string") out[k] = v.replace("#/components/schemas/", "#/definitions/");
    else if (k === "properties" && v && typeof v === "object") {
      out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, toJsonSchema(s)]));
    } else out[k] = toJsonSchema(v);
  }
  if (src.nullable === true) {
    if (typeof out.type === "string") {
      return {
        ...out,
        type: [out.type, "null"],
        ...(out.enum ? { enum: [...out.enum as unknown[], null] } : {}),
      };
    }
    return { anyOf: [out, { type: "null" }] };
  }
  return out;
}

/** One validator per response schema of the document. */
function responseValidators(doc: Doc) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const definitions = toJsonSchema(doc.components.schemas);
  const byOp = new Map<
    string,
    { method: string; path: string; responses: Map<string, ValidateFunction | `binary:${string}`> }
  >();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const responses = new Map<string, ValidateFunction | `binary:${string}`>();
      for (const [status, r] of Object.entries(op.responses)) {
        const json = r.content?.["application/json"]?.schema;
        if (json) responses.set(status, ajv.compile({ ...(toJsonSchema(json) as object), definitions }));
        else responses.set(status, `binary:${Object.keys(r.content ?? {}).join("|")}`);
      }
      byOp.set(op.operationId, { method, path, responses });
    }
  }
  return byOp;
}

Deno.test("openapi: real responses of every operation match the document's schemas", async (t) => {
  const app = await makeTestApp();
  try {
    const doc = await loadDoc(app);
    const validators = responseValidators(doc);
    await t.step("the checks bite: a wrong body is refused", () => {
      const check = validators.get("getEmployeeSummary")!.responses.get("200") as ValidateFunction;
      const good = {
        success: true,
        data: {
          leave: null,
          timesheet: null,
          nextPayoutDate: null,
          latestPayslipPeriod: null,
          todos: {
            feedbackDrafts: 0,
            surveyInvitations: 0,
            onboardingOpen: false,
            documentsMissing: false,
            total: 0,
          },
        },
      };
      assert.equal(check(good), true, JSON.stringify(check.errors));
      assert.equal(check({ ...good, data: { ...good.data, extra: 1 } }), false, "no additional properties");
      assert.equal(
        check({ ...good, data: { ...good.data, nextPayoutDate: "25.11.2026" } }),
        false,
        "format date",
      );
      assert.equal(
        check({ success: true, data: { ...good.data, leave: { year: 2026 } } }),
        false,
        "leave fields required",
      );
      const error = validators.get("getEmployeeSummary")!.responses.get("404") as ValidateFunction;
      assert.equal(error({ error: "x", code: "not_found" }), true);
      assert.equal(error({ error: "x", code: 404 }), false);
      assert.equal(error({ error: "x", code: "gone" }), false);
      assert.equal(error({ error: "x", code: "not_found", extra: 1 }), false);
    });

    const seen = new Set<string>();
    const tokens: Record<string, string> = {};

    /** Calls an operation (path params filled in) and checks status and body against the document. */
    const op = async (
      operationId: string,
      who: string | null,
      opts: {
        params?: Record<string, string>;
        query?: string;
        body?: unknown;
        raw?: RequestInit;
        expect?: number;
      } = {},
      // deno-lint-ignore no-explicit-any
    ): Promise<any> => {
      const v = validators.get(operationId);
      assert.ok(v, `operation ${operationId} is in the document`);
      const path = v.path.replace(/\{(\w+)\}/g, (_, k) => opts.params?.[k] ?? assert.fail(`param ${k}`));
      const res = await app.request(path + (opts.query ? `?${opts.query}` : ""), {
        method: v.method.toUpperCase(),
        ...(who ? { token: tokens[who] } : {}),
        ...(opts.body !== undefined ? { json: opts.body } : {}),
        ...opts.raw,
      });
      const status = String(res.status);
      const check = v.responses.get(status);
      assert.ok(check, `${operationId}: status ${status} is not documented (${[...v.responses.keys()]})`);
      if (opts.expect) assert.equal(res.status, opts.expect, `${operationId}: ${await res.clone().text()}`);
      if (res.status === 302) {
        // A step of a browser flow: the browser is sent on, with nothing in the body to check.
        assert.ok(res.headers.get("location"), `${operationId}: a redirect names where`);
        await res.body?.cancel();
        seen.add(operationId);
        return null;
      }
      if (typeof check === "string") {
        // A file response carries one of the media types the document declares for it.
        assert.ok(check.slice(7).split("|").includes(res.headers.get("content-type")!), check);
        await res.arrayBuffer();
        seen.add(operationId);
        return null;
      }
      const body = await res.json();
      assert.ok(
        check(body),
        `${operationId} ${status}: ${JSON.stringify(check.errors)} in ${JSON.stringify(body).slice(0, 500)}`,
      );
      if (res.status < 300) seen.add(operationId);
      return body;
    };

    await t.step("auth", async () => {
      const s = await op("signIn", null, {
        body: { email: "employee@demo.example", password: "demo-password-2026" },
        expect: 201,
      });
      tokens.employee = s.data.token;
      const second = await op("signIn", null, {
        body: { email: "employee@demo.example", password: "demo-password-2026", deviceName: "Tablet" },
      });
      tokens.tablet = second.data.token;
      tokens.tablet = (await op("refreshSession", "tablet", { expect: 200 })).data.token;
      await op("refreshSession", null, { expect: 401 });
      await op("signIn", null, { body: { email: "employee@demo.example", password: "wrong" }, expect: 401 });
      await op("getCurrentSession", "employee", { expect: 200 });
      const list = await op("listSessions", "employee", { expect: 200 });
      const tablet = list.data.items.find((x: { deviceName: string | null }) => x.deviceName === "Tablet");
      await op("revokeSession", "employee", { params: { id: tablet.id }, expect: 200 });
      await op("revokeSession", "employee", { params: { id: tablet.id }, expect: 404 });
      tokens.manager = await app.signIn("manager@demo.example");
      tokens.hr = await app.signIn("hr@demo.example");
      tokens.nolink = await app.signIn("nolink@demo.example");
      // An account without an employee record sets its language (kept as it is, for the steps below).
      const [nolink] = await app.deps.db.select().from(users).where(eq(users.email, "nolink@demo.example"));
      await op("updateCurrentAccount", "nolink", { body: { language: nolink.language }, expect: 200 });
      const [u] = await app.deps.db.select().from(users).where(eq(users.email, "employee@demo.example"));
      await app.deps.db.insert(oauthClients).values({
        id: "client-openapi",
        name: "Test assistant",
        type: "PUBLIC",
        tokenEndpointAuthMethod: "none",
        redirectUris: "[]",
        grantTypes: "authorization_code",
        createdBy: "DYNAMIC",
        createdAt: app.clock.now(),
      });
      const [c] = await app.deps.db.insert(oauthConnections).values({
        clientId: "client-openapi",
        userId: u.id,
        scopes: "self:read",
        createdAt: app.clock.now(),
      }).returning();
      await op("listConnectedAssistants", "employee", { expect: 200 });
      await op("disconnectAssistant", "employee", { params: { id: c.id }, expect: 200 });
      await op("listAssistantActivity", "employee", { query: "from=2026-11-01&to=2026-11-18", expect: 200 });
      await op("listAssistantActivity", "employee", { query: "from=2026-11-19&to=2026-11-18", expect: 400 });
    });

    await t.step("app sign-on", async () => {
      // A stand-in identity provider that only answers discovery: the start only builds its address.
      const ac = new AbortController();
      let issuer = "";
      const idp: Deno.HttpServer<Deno.NetAddr> = Deno.serve(
        { hostname: "127.0.0.1", port: 0, signal: ac.signal, onListen: () => {} },
        () =>
          Response.json({
            issuer,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `${issuer}/token`,
            jwks_uri: `${issuer}/jwks`,
            response_types_supported: ["code"],
            subject_types_supported: ["public"],
            id_token_signing_alg_values_supported: ["RS256"],
          }),
      );
      issuer = `http://127.0.0.1:${idp.addr.port}`;
      const redirectUri = "ch.example.hr:/signin";
      const { verifier, challenge } = await pkce();
      const start = (q: Record<string, string>) =>
        new URLSearchParams({ redirect_uri: redirectUri, code_challenge: challenge, ...q }).toString();
      await op("startAppSignOn", null, { query: start({ code_challenge_method: "S256" }), expect: 404 });
      Object.assign(app.deps.config, {
        oidc: { issuer, clientId: "hr-service", displayName: "Company Login" },
        appRedirectUris: [redirectUri],
      });
      try {
        await op("startAppSignOn", null, { query: start({ code_challenge_method: "S256" }), expect: 302 });
        await op("startAppSignOn", null, { query: start({ code_challenge_method: "plain" }), expect: 400 });
        await op("startAppSignOn", null, {
          query: start({ code_challenge_method: "S256", redirect_uri: "com.evil.app:/x" }),
          expect: 400,
        });
      } finally {
        Object.assign(app.deps.config, { oidc: undefined, appRedirectUris: [] });
        ac.abort();
        await idp.finished;
      }
      const [account] = await app.deps.db.select().from(users).where(
        eq(users.email, "employee@demo.example"),
      );
      const code = await issueAppCode(app.deps, account.id, { redirectUri, codeChallenge: challenge });
      await op("exchangeAppSignOnCode", null, {
        body: { code, codeVerifier: verifier, redirectUri },
        expect: 201,
      });
      await op("exchangeAppSignOnCode", null, {
        body: { code, codeVerifier: verifier, redirectUri },
        expect: 400,
      });
    });

    await t.step("my documents", async () => {
      const pdf = new TextEncoder().encode("%PDF-1.7\n%%EOF\n");
      const [account] = await app.deps.db.select().from(users).where(
        eq(users.email, "employee@demo.example"),
      );
      const filed = await addPersonalDocument(app.deps, {
        employeeId: account.employeeId!,
        kind: "SALARY_CERTIFICATE",
        title: "Lohnausweis 2025",
        year: 2025,
        fileName: "lohnausweis.pdf",
        bytes: pdf,
      });
      await op("listMyDocuments", "employee", { expect: 200 });
      await op("getMyDocumentFile", "employee", { params: { id: filed.id }, expect: 200 });
      await op("getMyDocumentFile", "manager", { params: { id: filed.id }, expect: 404 });
      await op("listPolicies", "employee", { expect: 200 });
      await op("getPolicy", "employee", { params: { slug: "vacation-policy" }, expect: 200 });
      await op("getPolicy", "employee", { params: { slug: "manager-handbook" }, expect: 404 });
      await op("acknowledgePolicy", "employee", { params: { slug: "vacation-policy" }, expect: 200 });
      const leave = await op("fileLeaveRequest", "employee", {
        body: { leaveType: "VACATION", startDate: "2027-03-08", endDate: "2027-03-08" },
        expect: 201,
      });
      const attachment = () => {
        const form = new FormData();
        form.append("file", new File([pdf], "einladung.pdf"));
        return { body: form };
      };
      await op("attachToLeaveRequest", "employee", {
        params: { id: leave.data.id },
        raw: attachment(),
        expect: 200,
      });
      await op("attachToLeaveRequest", "manager", {
        params: { id: leave.data.id },
        raw: attachment(),
        expect: 404,
      });
      await op("getLeaveRequestAttachment", "employee", { params: { id: leave.data.id }, expect: 200 });
      await op("getLeaveApprovalAttachment", "manager", { params: { id: leave.data.id }, expect: 200 });
      await op("getLeaveApprovalAttachment", "hr", { params: { id: "no-such-request" }, expect: 404 });
    });

    await t.step("to-dos and notifications", async () => {
      const todos = await op("listTodos", "employee", { expect: 200 });
      await op("completeOnboardingTask", "employee", { params: { id: "unknown" }, expect: 404 });
      const [plan] = await app.deps.db.insert(onboardingPlans).values({
        employeeId: EMPLOYEE_ID,
        startDate: "2026-11-02",
        createdAt: app.clock.now(),
      }).returning();
      const [task] = await app.deps.db.insert(onboardingTasks).values({
        planId: plan.id,
        title: "Read the handbook",
        phase: "FIRST_WEEK",
        createdAt: app.clock.now(),
      }).returning();
      await op("completeOnboardingTask", "employee", { params: { id: task.id }, expect: 200 });
      const assigned = await op("listAssignedOnboardingTasks", "manager", { query: "limit=5", expect: 200 });
      const first = (assigned.data.items as { id: string }[])[0];
      await op("completeAssignedOnboardingTask", "manager", { params: { id: first.id }, expect: 200 });
      await op("completeAssignedOnboardingTask", "manager", { params: { id: "unknown" }, expect: 404 });
      // A stage's task for the hiring manager of the demo manager's position.
      await app.deps.db.insert(applicationTasks).values({
        applicationId: GATED_APPLICATION_ID,
        title: "Arbeitszeugnisse lesen",
        blocking: true,
        assigneeEmployeeId: MANAGER_ID,
        createdAt: app.clock.now(),
      });
      const recruiting = await op("listMyRecruitingTasks", "manager", { query: "limit=5", expect: 200 });
      const hm = (recruiting.data.items as { id: string }[])[0];
      await op("completeRecruitingTask", "manager", { params: { id: hm.id }, expect: 200 });
      await op("completeRecruitingTask", "employee", { params: { id: hm.id }, expect: 404 });
      await op("discardFeedbackDraft", "employee", { params: { id: "unknown" }, expect: 404 });
      const drafts = todos.data.feedbackDrafts as { id: string }[];
      if (drafts.length) {
        await op("discardFeedbackDraft", "employee", { params: { id: drafts[0].id }, expect: 200 });
      }
      const [draft] = await app.deps.db.insert(feedbackDrafts).values({
        authorEmployeeId: EMPLOYEE_ID,
        cycle: "2026",
        updatedAt: app.clock.now(),
      }).returning();
      await op("submitFeedbackDraft", "employee", { params: { id: draft.id }, expect: 200 });
      await op("submitFeedbackDraft", "employee", { params: { id: draft.id }, expect: 409 });
      const survey = todos.data.surveyInvitations[0].id;
      // An unknown invitation, an unknown outcome, the answer, and a second answer to a settled one.
      for (
        const [id, outcome, expect] of [
          ["unknown", "ANSWERED", 404],
          [survey, "MAYBE", 400],
          [survey, "ANSWERED", 200],
          [survey, "DECLINED", 409],
        ] as const
      ) {
        await op("settleSurveyInvitation", "employee", { params: { id }, body: { outcome }, expect });
      }
      await op("listNotifications", "employee", { query: "unread=true&limit=5", expect: 200 });
      await op("markNotificationsRead", "employee", { body: { all: true }, expect: 200 });
      await op("markNotificationsRead", "employee", { body: { ids: [] }, expect: 400 });
    });

    await t.step("data exports", async () => {
      const made = await op("requestDataExport", "employee", { expect: 201 });
      await op("listDataExports", "employee", { expect: 200 });
      await op("getDataExport", "employee", { params: { id: made.data.id }, expect: 200 });
      await op("downloadDataExport", "employee", { params: { id: made.data.id }, expect: 200 });
      await op("getDataExport", "employee", { params: { id: "unknown" }, expect: 404 });
    });

    await t.step("profile", async () => {
      await op("getEmployeeSummary", "employee", { expect: 200 });
      await op("getEmployeeSummary", null, { expect: 401 });
      await op("getEmployeeSummary", "nolink", { expect: 404 });
      await op("getProfile", "employee", { expect: 200 });
      await op("updateProfile", "employee", { body: { phone: "+41 31 000 00 00" }, expect: 200 });
      await op("updateProfile", "employee", { body: { iban: "x" }, expect: 400 });
      await op("requestProfileChange", "employee", {
        body: { field: "IBAN", value: "CH9300762011623852957" },
        expect: 201,
      });
      await op("listProfileChangeRequests", "employee", { expect: 200 });
    });

    await t.step("leave", async () => {
      await op("listLeaveTypes", "employee", { expect: 200 });
      await op("getLeaveBalances", "employee", { query: "year=2026", expect: 200 });
      const list = await op("listLeaveRequests", "employee", { query: "limit=50", expect: 200 });
      const body = { leaveType: "VACATION", startDate: "2027-01-11", endDate: "2027-01-15" };
      await op("previewLeaveRequest", "employee", { body, expect: 200 });
      const filed = await op("fileLeaveRequest", "employee", { body, expect: 201 });
      await op("fileLeaveRequest", "employee", { body, expect: 409 });
      await op("getLeaveRequest", "employee", { params: { id: filed.data.id }, expect: 200 });
      await op("withdrawLeaveRequest", "employee", { params: { id: filed.data.id }, expect: 200 });
      await op("withdrawLeaveRequest", "employee", { params: { id: filed.data.id }, expect: 409 });
      const approved = list.data.items.find((r: { canRequestCancellation: boolean }) =>
        r.canRequestCancellation
      );
      await op("requestLeaveCancellation", "employee", { params: { id: approved.id }, expect: 200 });
    });

    await t.step("time", async () => {
      await op("listTimeEntries", "employee", { expect: 200 });
      const entry = { date: "2026-11-17", startTime: "18:00", endTime: "19:00" };
      await op("previewTimeEntry", "employee", { body: entry, expect: 200 });
      const e = await op("createTimeEntry", "employee", { body: entry, expect: 201 });
      await op("createTimeEntry", "employee", { body: entry, expect: 409 });
      await op("createTimeEntry", "employee", { body: { ...entry, date: "2026-02-29" }, expect: 400 });
      await op("createTimeEntry", "employee", {
        raw: { body: "x", headers: { "Content-Type": "text/plain" } },
        expect: 415,
      });
      await op("getTimeEntry", "employee", { params: { id: e.data.id }, expect: 200 });
      await op("updateTimeEntry", "employee", {
        params: { id: e.data.id },
        body: { endTime: "19:30" },
        expect: 200,
      });
      await op("deleteTimeEntry", "employee", { params: { id: e.data.id }, expect: 200 });
      await op("getTimeEntry", "employee", { params: { id: e.data.id }, expect: 404 });
      await op("getTimeWeek", "employee", { params: { weekStart: "2026-11-16" }, expect: 200 });
      await op("submitTimeWeek", "employee", { params: { weekStart: "2026-11-16" }, expect: 200 });
      await op("submitTimeWeek", "employee", { params: { weekStart: "2026-11-16" }, expect: 409 });
      // Clock in and out; the clock moves half an hour for the stop and back after it.
      await op("getTimer", "employee", { expect: 200 });
      await op("startTimer", "employee", { body: {}, expect: 201 });
      await op("startTimer", "employee", { body: {}, expect: 409 });
      await op("getTimer", "employee", { expect: 200 });
      await op("stopTimer", "employee", { body: {}, expect: 409 });
      await op("stopTimer", "employee", { body: { breakMinutes: -1 }, expect: 400 });
      await op("discardTimer", "employee", { expect: 200 });
      await op("discardTimer", "employee", { expect: 409 });
      const before = app.clock.now();
      await op("startTimer", "employee", { body: { projectCode: "PLAT-OPS" }, expect: 201 });
      await op("endTimerBreak", "employee", { body: {}, expect: 409 });
      app.clock.advance(10 * 60_000);
      await op("startTimerBreak", "employee", { body: {}, expect: 201 });
      await op("startTimerBreak", "employee", { body: {}, expect: 409 });
      await op("getTimer", "employee", { expect: 200 });
      app.clock.advance(5 * 60_000);
      await op("endTimerBreak", "employee", { body: { endedAt: "2000-01-01T00:00:00Z" }, expect: 400 });
      await op("endTimerBreak", "employee", { body: {}, expect: 200 });
      app.clock.advance(15 * 60_000);
      await op("stopTimer", "employee", { body: { breakMinutes: 5 }, expect: 201 });
      app.clock.set(before);
    });

    await t.step("sick-leave", async () => {
      await op("getSickLeave", "employee", { expect: 200 });
      const report = { startDate: "2026-11-10", endDate: "2026-11-11" };
      await op("previewSickReport", "employee", { body: report, expect: 200 });
      const s = await op("reportSickLeave", "employee", { body: report, expect: 201 });
      await op("getSickLeaveEntry", "employee", { params: { id: s.data.id }, expect: 200 });
      const form = new FormData();
      form.append(
        "file",
        new File([new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")], "z.pdf"),
      );
      await op("uploadSickCertificate", "employee", {
        params: { id: s.data.id },
        raw: { body: form },
        expect: 200,
      });
      await op("uploadSickCertificate", "employee", { params: { id: s.data.id }, body: {}, expect: 415 });
      await op("getSickCertificate", "employee", { params: { id: s.data.id }, expect: 200 });
      await op("getSickCertificateForHr", "hr", { params: { id: s.data.id }, expect: 200 });
      await op("getSickCertificateForHr", "manager", { params: { id: s.data.id }, expect: 404 });
      const [doc] = await app.deps.db.select().from(requiredDocuments).where(
        eq(requiredDocuments.status, "MISSING"),
      ).limit(100).then((rows) => rows.filter((d) => d.kind === "Diplomkopie"));
      await op("getRequestedDocument", "employee", { params: { id: doc.id }, expect: 200 });
      await op("uploadRequestedDocument", "employee", {
        params: { id: doc.id },
        raw: { body: form },
        expect: 200,
      });
      await op("getRequestedDocumentFile", "employee", { params: { id: doc.id }, expect: 200 });
      await op("getRequestedDocumentFileForHr", "hr", { params: { id: doc.id }, expect: 200 });
      await op("getRequestedDocumentFileForHr", "manager", { params: { id: doc.id }, expect: 404 });
      await op("getWebPushKey", "employee", { expect: 200 });
      const device = await op("registerPushDevice", "employee", {
        body: { platform: "APNS", token: "f".repeat(64), language: "it" },
        expect: 201,
      });
      await op("registerPushDevice", "employee", { body: { platform: "WNS", token: "x" }, expect: 400 });
      const listed = await op("listPushDevices", "employee", {});
      assert.ok(listed.data.items.some((d: { id: string }) => d.id === device.data.id));
      await op("unregisterPushDevice", "employee", { params: { id: device.data.id }, expect: 200 });
      await op("unregisterPushDevice", "employee", { params: { id: device.data.id }, expect: 404 });
      await op("takeBackSickReport", "employee", { params: { id: s.data.id }, expect: 409 });
      const s2 = await op("reportSickLeave", "employee", {
        body: { startDate: "2026-11-12", endDate: "2026-11-12" },
        expect: 201,
      });
      await op("takeBackSickReport", "employee", { params: { id: s2.data.id }, expect: 200 });
      const [ongoing] = await app.deps.db.select().from(sickLeaveEntries).where(
        eq(sickLeaveEntries.employeeId, EMPLOYEE_ID),
      )
        .then((rows) => rows.filter((r) => r.isOngoing));
      await op("endSickLeave", "employee", {
        body: { action: "end", entryId: ongoing.id, endDate: "2026-11-17" },
        expect: 400,
      });
      await op("endSickLeave", "employee", {
        body: { action: "end", entryId: "nope", endDate: "2026-11-19" },
        expect: 404,
      });
      await op("endSickLeave", "employee", {
        body: { action: "end", entryId: ongoing.id, endDate: "2026-11-19" },
        expect: 200,
      });
      await op("endSickLeave", "employee", {
        body: { action: "end", entryId: ongoing.id, endDate: "2026-11-19" },
        expect: 409,
      });
    });

    await t.step("payslips, compensation, holidays", async () => {
      const list = await op("listPayslips", "employee", { expect: 200 });
      await op("getPayslip", "employee", { params: { id: list.data.items[0].id }, expect: 200 });
      await op("getPayslipDocument", "employee", { params: { id: list.data.items[0].id }, expect: 200 });
      await op("getSalaryContinuation", "employee", { expect: 200 });
      await op("getSalaryContinuation", "nolink", { expect: 404 });
      await op("getCompensation", "employee", { expect: 200 });
      await op("getPublicHolidays", "employee", { query: "year=2027", expect: 200 });
      await op("getClosurePeriods", "employee", { expect: 200 });
    });

    await t.step("approvals", async () => {
      const list = await op("listLeaveApprovals", "manager", { query: "limit=5", expect: 200 });
      await op("listLeaveApprovals", "employee", { expect: 403 });
      const id = list.data.items[0].request.id;
      await op("getLeaveApproval", "manager", { params: { id }, expect: 200 });
      await op("decideLeaveRequest", "manager", {
        params: { id },
        body: { decision: "APPROVE", note: "ok" },
        expect: 200,
      });
      await op("listTimesheetApprovals", "manager", { expect: 200 });
      await op("decideTimesheet", "manager", {
        params: { employeeId: EMPLOYEE_ID, weekStart: "2026-11-09" },
        body: { decision: "APPROVE" },
        expect: 200,
      });
      await op("getTeamCalendar", "manager", { expect: 200 });
      await op("getTeamAbsences", "employee", { query: "from=2026-11-16&to=2026-12-31", expect: 200 });
      await op("getTeamAbsences", "employee", { query: "from=2026-11-01&to=2027-01-31", expect: 400 });
      const queue = await op("listProfileChangeApprovals", "hr", { expect: 200 });
      await op("decideProfileChange", "hr", {
        params: { id: queue.data.items[0].id },
        body: { decision: "REJECT" },
        expect: 200,
      });
    });

    await t.step(
      "an app's sync: the six lists with updatedSince answer their documented envelope",
      async () => {
        const since = `updatedSince=${
          encodeURIComponent(new Date(app.clock.now() - 86_400_000).toISOString())
        }`;
        for (const id of ["listLeaveRequests", "listTimeEntries", "listPayslips", "listNotifications"]) {
          const r = await op(id, "employee", { query: `${since}&limit=1`, expect: 200 });
          assert.ok(Array.isArray(r.data.deleted), id);
        }
        for (const id of ["getSickLeave", "listTodos"]) {
          const r = await op(id, "employee", { query: since, expect: 200 });
          assert.ok(Array.isArray(r.data.deleted), id);
        }
        await op("listTimeEntries", "employee", { query: "updatedSince=2000-01-01T00:00:00Z", expect: 400 });
      },
    );

    await t.step("sign-out last", async () => {
      await op("signOut", "employee", { expect: 200 });
      await op("getCurrentSession", "employee", { expect: 401 });
      const [s] = await app.deps.db.select().from(sessions).limit(1);
      assert.ok(s);
    });

    await t.step("every operation of the document was called successfully", () => {
      const all = [...validators.keys()];
      const missing = all.filter((id) => !seen.has(id));
      assert.deepEqual(missing, [], `call these in this test: ${missing.join(", ")}`);
    });
  } finally {
    app.close();
  }
});

Deno.test("openapi: the reference page renders the document with Redoc served by the service itself, in the reader's language", async () => {
  const t = await makeTestApp();
  try {
    const r = await t.request("/api/v1/docs", { headers: { "accept-language": "fr-CH" } });
    assert.equal(r.status, 200);
    assert.match(r.headers.get("content-type") ?? "", /text\/html/);
    const csp = r.headers.get("content-security-policy") ?? "";
    assert.match(csp, /script-src 'self'(;|$)/, "scripts from the service only");
    assert.match(csp, /frame-ancestors 'none'/);
    const html = await r.text();
    assert.match(html, /<html lang="fr">/);
    assert.match(html, /API du portail : référence/);
    // Nothing from elsewhere: every script, style and link is the service's own.
    assert.doesNotMatch(html, /(src|href)="(https?:)?\/\//);
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(scripts, ["/api/v1/docs/redoc.standalone.js", "/api/v1/docs/init.js"]);
    const bundle = await t.request(scripts[0]);
    assert.equal(bundle.status, 200);
    assert.match(bundle.headers.get("content-type") ?? "", /javascript/);
    const js = await bundle.text();
    assert.ok(js.length > 500_000, "the whole Redoc bundle");
    assert.match(js, /Redoc/);
    const init = await (await t.request(scripts[1])).text();
    assert.match(init, /Redoc\.init\("\/api\/v1\/openapi\.json"/);
    const it = await (await t.request("/api/v1/docs?lang=it")).text();
    assert.match(it, /API del portale: riferimento/);
  } finally {
    t.close();
  }
});
