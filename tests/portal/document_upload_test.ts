/**
 * A document HR asked for is a real file: uploaded from the phone as multipart/form-data (PDF or photo told
 * by its content, at most 10 MB), stored, read back by the person and by HR (never a manager); it then leaves
 * the to-do list and the summary's badge. Every refusal stores nothing and keeps the document missing.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { requiredDocumentFiles, requiredDocuments } from "../../src/db/schema/mod.ts";

const BASE = "/api/v1/portal";
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

async function missingDocument(t: TestApp, token: string) {
  const todos = await (await t.request(`${BASE}/employee/todos`, { token })).json();
  const doc = todos.data.documentsMissing.find((d: { kind: string }) => d.kind === "Diplomkopie");
  assert.ok(doc, "the demo employee is asked for a copy of their diploma");
  return doc.id as string;
}

function upload(t: TestApp, token: string, id: string, bytes: Uint8Array, name = "diplom.pdf") {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  return t.request(`${BASE}/employee/todos/documents/${id}/file`, { method: "POST", token, body: form });
}

Deno.test("documents: the file arrives, leaves the to-dos and the badge, and is read by the person and HR", async (ctx) => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const id = await missingDocument(t, token);
    const summary = async () => (await (await t.request(`${BASE}/employee/summary`, { token })).json()).data;
    const before = await summary();

    await ctx.step("uploaded: received, with the time it arrived", async () => {
      const r = await upload(t, token, id, PDF);
      assert.equal(r.status, 200);
      const b = await r.json();
      assert.equal(b.data.status, "RECEIVED");
      assert.equal(b.data.receivedAt, "2026-11-18T09:00:00.000Z");
      const got = await (await t.request(`${BASE}/employee/todos/documents/${id}`, { token })).json();
      assert.equal(got.data.status, "RECEIVED");
    });

    await ctx.step("no longer a to-do; the badge counts it no more", async () => {
      const todos = await (await t.request(`${BASE}/employee/todos`, { token })).json();
      assert.ok(!todos.data.documentsMissing.some((d: { id: string }) => d.id === id));
      const after = await summary();
      assert.equal(after.todos.documentsMissing, todos.data.documentsMissing.length > 0);
      assert.ok(before.todos.documentsMissing);
    });

    await ctx.step("the person and HR read the same bytes; a manager does not", async () => {
      const own = await t.request(`${BASE}/employee/todos/documents/${id}/file`, { token });
      assert.equal(own.status, 200);
      assert.equal(own.headers.get("content-type"), "application/pdf");
      assert.deepEqual(new Uint8Array(await own.arrayBuffer()), PDF);
      const hr = await t.request(`${BASE}/approvals/documents/${id}/file`, {
        token: await t.signIn("hr@demo.example"),
      });
      assert.equal(hr.status, 200);
      assert.deepEqual(new Uint8Array(await hr.arrayBuffer()), PDF);
      const manager = await t.request(`${BASE}/approvals/documents/${id}/file`, {
        token: await t.signIn("manager@demo.example"),
      });
      assert.equal(manager.status, 404);
      await manager.body?.cancel();
    });

    await ctx.step("a wrong file is sent again: the new one replaces it", async () => {
      const r = await upload(t, token, id, PNG, "foto.png");
      assert.equal(r.status, 200);
      await r.body?.cancel();
      const own = await t.request(`${BASE}/employee/todos/documents/${id}/file`, { token });
      assert.equal(own.headers.get("content-type"), "image/png");
      assert.deepEqual(new Uint8Array(await own.arrayBuffer()), PNG);
      const files = await t.deps.db.select().from(requiredDocumentFiles).where(
        eq(requiredDocumentFiles.requiredDocumentId, id),
      );
      assert.equal(files.length, 1);
    });
  } finally {
    t.close();
  }
});

Deno.test("documents: every refusal says why, stores nothing and keeps the document missing", async (ctx) => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const id = await missingDocument(t, token);
    const unchanged = async () => {
      const [d] = await t.deps.db.select().from(requiredDocuments).where(eq(requiredDocuments.id, id));
      assert.equal(d.status, "MISSING");
      assert.equal(d.receivedAt, null);
      const files = await t.deps.db.select().from(requiredDocumentFiles).where(
        eq(requiredDocumentFiles.requiredDocumentId, id),
      );
      assert.equal(files.length, 0);
    };
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF);
    const cases: [string, () => Promise<Response>, number, RegExp][] = [
      [
        "a text file named .pdf",
        () => upload(t, token, id, new TextEncoder().encode("Diplom")),
        415,
        /^Die Datei muss ein PDF, JPEG, PNG oder HEIC sein; diese ist nichts davon\.$/,
      ],
      ["larger than 10 MB", () => upload(t, token, id, big), 413, /./],
      ["an empty file", () => upload(t, token, id, new Uint8Array()), 400, /^Die Datei ist leer\.$/],
      [
        "JSON instead of a file",
        () => t.request(`${BASE}/employee/todos/documents/${id}/file`, { method: "POST", token, json: {} }),
        415,
        /multipart\/form-data/,
      ],
      [
        "no part named file",
        () => {
          const form = new FormData();
          form.append("other", new File([PDF as Uint8Array<ArrayBuffer>], "d.pdf"));
          return t.request(`${BASE}/employee/todos/documents/${id}/file`, {
            method: "POST",
            token,
            body: form,
          });
        },
        400,
        /«file»/,
      ],
      [
        "an id that does not exist",
        () => upload(t, token, "nope", PDF),
        404,
        /^Sie haben kein angefordertes Dokument mit dieser ID\.$/,
      ],
    ];
    for (const [name, send, status, message] of cases) {
      await ctx.step(name, async () => {
        const r = await send();
        assert.equal(r.status, status);
        assert.match((await r.json()).error, message);
        await unchanged();
      });
    }
  } finally {
    t.close();
  }
});
