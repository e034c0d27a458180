/**
 * Headers and status codes an app's HTTP client relies on: every refusal carries `Cache-Control` (and, from
 * an operation, the rate limit), paths match exactly, every error under `/api/` has the portal's shape, query
 * values are what the document says, and the document lists the 400, 405 and 408 the service answers.
 */
import assert from "node:assert/strict";
import { json, makeTestApp } from "../_helpers.ts";

const BASE = "/api/v1/portal";

interface Param {
  name?: string;
  $ref?: string;
  deprecated?: boolean;
  schema?: { type?: string; deprecated?: boolean };
}
interface Op {
  operationId: string;
  parameters?: Param[];
  requestBody?: unknown;
  responses: Record<string, { description: string; headers: Record<string, unknown> }>;
}

Deno.test("headers: a 401 is no-store and carries the rate limit; too many from one address are a 429", async () => {
  const t = await makeTestApp({ env: { PORTAL_REQUESTS_PER_MINUTE: "10" } });
  try {
    for (const token of [undefined, "not-a-session"]) {
      const r = await t.request(`${BASE}/employee/summary`, token ? { token } : {});
      assert.equal(r.status, 401);
      assert.equal(r.headers.get("cache-control"), "no-store");
      assert.match(r.headers.get("ratelimit") ?? "", /"minute";r=\d+;t=\d+/);
      assert.ok(r.headers.get("ratelimit-policy"));
      assert.equal((await r.json()).code, "unauthenticated");
    }
    let last: Response | undefined;
    for (let i = 0; i < 10; i++) {
      last = await t.request(`${BASE}/employee/summary`, { token: `guess-${i}` });
      await last.body?.cancel();
    }
    assert.equal(last!.status, 429, "guessing tokens meets the limit of the address");
    assert.ok(Number(last!.headers.get("retry-after")) > 0);
  } finally {
    t.close();
  }
});

Deno.test("headers: the router's 404 and 405 are no-store; a trailing slash is another path (404)", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const notFound = await t.request(`${BASE}/employee/nothing-here`, { token });
    assert.equal(notFound.status, 404);
    assert.equal(notFound.headers.get("cache-control"), "no-store");
    const wrongMethod = await t.request(`${BASE}/employee/summary`, { method: "PUT", token });
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.headers.get("cache-control"), "no-store");
    assert.equal(wrongMethod.headers.get("allow"), "GET, HEAD");
    await wrongMethod.body?.cancel();

    const slash = await json(await t.request(`${BASE}/employee/summary/`, { token }));
    assert.equal(slash.status, 404);
    assert.equal(slash.body.code, "not_found");
    assert.match(slash.body.error as string, /\/employee\/summary\//);
  } finally {
    t.close();
  }
});

Deno.test("headers: an unknown path under /api/v1/ outside the portal answers the portal's {error, code}", async () => {
  const t = await makeTestApp();
  try {
    for (const path of ["/api/v1/nothing", "/api/v2/portal/employee/summary", "/api/v1/openapi.yaml"]) {
      const r = await t.request(path, { headers: { "Accept-Language": "en" } });
      assert.equal(r.status, 404, path);
      assert.equal(r.headers.get("cache-control"), "no-store");
      const body = await r.json();
      assert.deepEqual(Object.keys(body).sort(), ["code", "error"]);
      assert.equal(body.code, "not_found");
      assert.match(body.error, /No such endpoint: GET /);
    }
  } finally {
    t.close();
  }
});

Deno.test("headers: a refusal with Retry-After under an Idempotency-Key keeps it, and a retry with the key gets it again", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const ask = (key: string) =>
      t.request(`${BASE}/employee/data-exports`, {
        method: "POST",
        token,
        headers: { "Idempotency-Key": key },
      });
    for (let i = 0; i < 3; i++) assert.equal((await ask(`export-${i}`)).status, 201);
    for (let attempt = 0; attempt < 2; attempt++) {
      const r = await ask("export-4");
      assert.equal(r.status, 429);
      assert.ok(Number(r.headers.get("retry-after")) > 0, `attempt ${attempt}: Retry-After`);
      assert.equal(r.headers.get("idempotent-replayed"), null, "a 429 is not kept: the retry runs again");
      await r.body?.cancel();
    }
  } finally {
    t.close();
  }
});

Deno.test("headers: offset '+' (a space) or empty is refused naming it; booleans take true and false only", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    for (const q of ["offset=+", "offset=", "offset=%201", "limit=1e1", "limit=0x10", "offset=-1"]) {
      const r = await json(await t.request(`${BASE}/employee/payslips?${q}`, { token }));
      assert.equal(r.status, 400, q);
      assert.equal((r.body.fields as { field: string }[])[0].field, `query.${q.split("=")[0]}`, q);
    }
    const activity = await json(await t.request(`${BASE}/auth/assistants/activity?offset=+`, { token }));
    assert.equal(activity.status, 400, "the assistants' activity takes digits only too");
    const ok = await json(await t.request(`${BASE}/employee/payslips?limit=2&offset=0`, { token }));
    assert.equal(ok.status, 200);
    assert.equal(ok.body.data.limit, 2);

    for (
      const [q, status] of [["unread=true", 200], ["unread=false", 200], ["unread=1", 400], ["unread=", 400]]
    ) {
      const r = await json(await t.request(`${BASE}/employee/notifications?${q}`, { token }));
      assert.equal(r.status, status as number, q as string);
      if (status === 400) assert.equal((r.body.fields as { field: string }[])[0].field, "query.unread");
    }
  } finally {
    t.close();
  }
});

Deno.test("headers: privateEmail takes an address, empty or null (which clear it), and nothing else, as the document says", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const patch = async (privateEmail: unknown) =>
      json(await t.request(`${BASE}/employee/profile`, { method: "PATCH", token, json: { privateEmail } }));
    assert.equal((await patch("Ida@Example.ch")).body.data.contact.privateEmail, "ida@example.ch");
    assert.equal((await patch(null)).body.data.contact.privateEmail, null);
    for (const bad of ["not-an-address", 42, ["a@b.ch"]]) {
      const r = await patch(bad);
      assert.equal(r.status, 400, JSON.stringify(bad));
      assert.equal((r.body.fields as { field: string }[])[0].field, "body.privateEmail");
    }
    const doc = await (await t.request("/api/v1/openapi.json")).json();
    const field = doc.components.schemas.UpdateProfileRequest.properties.privateEmail;
    assert.equal(field.type, "string");
    assert.equal(field.nullable, true);
    assert.equal(field.anyOf, undefined, "no union that a strict reader takes as refusing null");
  } finally {
    t.close();
  }
});

Deno.test("headers: the document types query parameters as what they are and lists 400, 405 and 408", async () => {
  const t = await makeTestApp();
  try {
    const doc = await (await t.request("/api/v1/openapi.json")).json();
    const ops = Object.values(doc.paths as Record<string, Record<string, Op>>).flatMap((p) =>
      Object.values(p)
    );
    const params = ops.flatMap((op) => (op.parameters ?? []) as Param[]);
    for (const name of ["unread", "all", "cookie"]) {
      const p = params.find((p) => p.name === name);
      assert.equal(p?.schema?.type, "boolean", name);
    }
    for (const p of params.filter((p) => ["limit", "offset", "year"].includes(p.name ?? ""))) {
      assert.equal(p.schema?.type, "integer", String(p.name));
    }
    for (const op of ops) {
      assert.ok(op.responses["405"], `${op.operationId}: 405`);
      assert.ok(op.responses["405"].headers.Allow, `${op.operationId}: Allow`);
      if (op.requestBody) assert.ok(op.responses["408"], `${op.operationId}: 408`);
      if ((op.parameters ?? []).some((p: { $ref?: string }) => p.$ref?.endsWith("/IdempotencyKey"))) {
        assert.match(
          op.responses["400"].description,
          /Idempotency-Key/,
          `${op.operationId}: 400 for the key`,
        );
      }
    }
    const list = doc.paths["/api/v1/portal/employee/leave/requests"].get;
    const offset = list.parameters.find((p: { name?: string }) => p.name === "offset");
    assert.equal(offset.deprecated, true);
    assert.equal(offset.schema.deprecated, undefined);
  } finally {
    t.close();
  }
});

Deno.test("docs: what docs/portal.md and the sign-in's description say is what the service does", async () => {
  const portalMd = await Deno.readTextFile(new URL("../../docs/portal.md", import.meta.url));
  // tests/portal/document_upload_test.ts sends a second file for a missing document: it replaces the first.
  assert.doesNotMatch(portalMd.replace(/\s+/g, " "), /a second attempt is a 409/);
  assert.match(portalMd.replace(/\s+/g, " "), /the new file replaces the one before/);
  const t = await makeTestApp();
  try {
    const doc = await (await t.request("/api/v1/openapi.json")).json();
    const signIn = doc.paths["/api/v1/portal/auth/sessions"].post;
    // tests/portal/auth_test.ts: a locked account answers 401 with a wrong password's words.
    assert.equal(signIn.responses["423"], undefined);
    assert.match(signIn.responses["401"].description, /locked/);
    assert.match(
      signIn.description,
      /during the lock no password is tested and every attempt reads as a wrong one/,
    );
    assert.doesNotMatch(signIn.description, /locked[^.]*429/);
  } finally {
    t.close();
  }
});
