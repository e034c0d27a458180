/**
 * The medical certificate is a real file: uploaded as multipart/form-data, its type told by its content
 * (PDF, JPEG, PNG, HEIC), at most 10 MB, stored with the absence, read back by the person and by HR, never by a
 * manager. Every refusal changes nothing.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { sickCertificates, sickLeaveEntries } from "../../src/db/schema/mod.ts";

const BASE = "/api/v1/portal";
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const HEIC = new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63, 0, 0, 0, 0]);

async function setup(t: TestApp) {
  const token = await t.signIn("employee@demo.example");
  const r = await t.request(`${BASE}/employee/sick-leave`, {
    method: "POST",
    token,
    json: { startDate: "2026-11-16", endDate: "2026-11-17" },
  });
  assert.equal(r.status, 201);
  return { token, id: (await r.json()).data.id as string };
}

function upload(
  t: TestApp,
  token: string,
  id: string,
  bytes: Uint8Array,
  name = "zeugnis.pdf",
  part = "file",
) {
  const form = new FormData();
  form.append(part, new File([bytes as Uint8Array<ArrayBuffer>], name));
  return t.request(`${BASE}/employee/sick-leave/${id}/certificate`, { method: "POST", token, body: form });
}

Deno.test("certificate: a PDF is stored with the absence and read back by the person and by HR", async (t) => {
  const app = await makeTestApp();
  try {
    const { token, id } = await setup(app);
    const r = await upload(app, token, id, PDF);
    assert.equal(r.status, 200);
    const entry = (await r.json()).data;
    assert.equal(entry.certificateState, "UPLOADED");
    assert.equal(entry.hasCertificate, true);
    await t.step("the person downloads exactly the bytes, never cached", async () => {
      const f = await app.request(`${BASE}/employee/sick-leave/${id}/certificate`, { token });
      assert.equal(f.status, 200);
      assert.equal(f.headers.get("content-type"), "application/pdf");
      assert.match(f.headers.get("cache-control")!, /no-store/);
      assert.deepEqual(new Uint8Array(await f.arrayBuffer()), PDF);
    });
    await t.step("HR reads it; a manager never does (health data)", async () => {
      const hr = await app.signIn("hr@demo.example");
      const f = await app.request(`${BASE}/approvals/sick-leave/${id}/certificate`, { token: hr });
      assert.equal(f.status, 200);
      assert.deepEqual(new Uint8Array(await f.arrayBuffer()), PDF);
      const manager = await app.signIn("manager@demo.example");
      const m = await app.request(`${BASE}/approvals/sick-leave/${id}/certificate`, { token: manager });
      assert.equal(m.status, 404);
      await m.body?.cancel();
    });
    await t.step("a new upload replaces the file until HR accepted one", async () => {
      const again = await upload(app, token, id, PNG, "foto.png");
      assert.equal(again.status, 200);
      const rows = await app.deps.db.select().from(sickCertificates).where(
        eq(sickCertificates.sickEntryId, id),
      );
      assert.equal(rows.length, 1);
      assert.equal(rows[0].contentType, "image/png");
      await app.deps.db.update(sickLeaveEntries).set({ certificateState: "ACCEPTED" })
        .where(eq(sickLeaveEntries.id, id));
      const late = await upload(app, token, id, PDF);
      assert.equal(late.status, 409);
      assert.equal((await late.json()).code, "conflict");
    });
  } finally {
    app.close();
  }
});

Deno.test("certificate: photos from a phone are recognised by their content", async (t) => {
  const app = await makeTestApp();
  try {
    const { token, id } = await setup(app);
    for (
      const [name, bytes, type] of [["a.jpg", JPEG, "image/jpeg"], ["b.png", PNG, "image/png"], [
        "c.heic",
        HEIC,
        "image/heic",
      ]] as const
    ) {
      await t.step(type, async () => {
        const r = await upload(app, token, id, bytes, name);
        assert.equal(r.status, 200);
        const f = await app.request(`${BASE}/employee/sick-leave/${id}/certificate`, { token });
        assert.equal(f.headers.get("content-type"), type);
        await f.body?.cancel();
      });
    }
  } finally {
    app.close();
  }
});

Deno.test("certificate: every refusal says why and stores nothing", async (t) => {
  const app = await makeTestApp();
  try {
    const { token, id } = await setup(app);
    const unchanged = async () => {
      const [e] = await app.deps.db.select().from(sickLeaveEntries).where(eq(sickLeaveEntries.id, id));
      assert.equal(e.certificateState, "NONE");
      assert.equal((await app.deps.db.select().from(sickCertificates)).length, 0);
    };
    await t.step("a text file named .pdf: 415", async () => {
      const r = await upload(app, token, id, new TextEncoder().encode("not a pdf at all"), "zeugnis.pdf");
      assert.equal(r.status, 415);
      // The demo employee reads German; the refusal names the form field the file came in.
      const message = "Die Datei muss ein PDF, JPEG, PNG oder HEIC sein; diese ist nichts davon.";
      assert.deepEqual(await r.json(), {
        error: message,
        code: "unsupported_media_type",
        fields: [{ field: "body.file", message }],
      });
      await unchanged();
    });
    await t.step("JSON instead of multipart: 415", async () => {
      const r = await app.request(`${BASE}/employee/sick-leave/${id}/certificate`, {
        method: "POST",
        token,
        json: { fileName: "zeugnis.pdf" },
      });
      assert.equal(r.status, 415);
      assert.match((await r.json()).error, /multipart\/form-data/);
      await unchanged();
    });
    await t.step("no part named file: 400 naming it", async () => {
      const r = await upload(app, token, id, PDF, "zeugnis.pdf", "document");
      assert.equal(r.status, 400);
      assert.deepEqual((await r.json()).fields?.map((f: { field: string }) => f.field), ["body.file"]);
      await unchanged();
    });
    await t.step("an empty file: 400", async () => {
      const r = await upload(app, token, id, new Uint8Array(0));
      assert.equal(r.status, 400);
      assert.deepEqual((await r.json()).fields, [{ field: "body.file", message: "Die Datei ist leer." }]);
      await unchanged();
    });
    await t.step("10 MB and one byte: 413", async () => {
      const big = new Uint8Array(10 * 1024 * 1024 + 1);
      big.set(PDF);
      const r = await upload(app, token, id, big);
      assert.equal(r.status, 413);
      await r.body?.cancel();
      await unchanged();
    });
    await t.step("exactly 10 MB is accepted", async () => {
      const max = new Uint8Array(10 * 1024 * 1024);
      max.set(PDF);
      const r = await upload(app, token, id, max);
      assert.equal(r.status, 200);
      await r.body?.cancel();
    });
    await t.step("other routes keep the 1 MB body limit", async () => {
      const r = await app.request(`${BASE}/employee/time-entries`, {
        method: "POST",
        token,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ description: "x".repeat(1_100_000) }),
      });
      assert.equal(r.status, 413);
      await r.body?.cancel();
    });
  } finally {
    app.close();
  }
});

Deno.test("certificate: a taken-back report takes no certificate", async () => {
  const app = await makeTestApp();
  try {
    const { token, id } = await setup(app);
    assert.equal(
      (await app.request(`${BASE}/employee/sick-leave/${id}/take-back`, { method: "POST", token })).status,
      200,
    );
    const r = await upload(app, token, id, PDF);
    assert.equal(r.status, 409);
    assert.equal(
      (await r.json()).error,
      "Diese Krankmeldung wurde zurückgezogen; es braucht kein Arztzeugnis.",
    );
  } finally {
    app.close();
  }
});
