/**
 * The personal data export pinned as it is made for the demo employee with a file of every kind (payslips, a
 * medical certificate, a requested document, a document HR filed, a leave request's attachment): the
 * archive's files and where each record links, `data.json`'s content, and the readable `index.html` in each
 * of the four languages, held to `data_export_pinned.golden.txt`. The readable part and the JSON are compared
 * for the first three records of each part (the words and the form are the same for the rest); the files and
 * links for all of them. Record ids are named by the order they appear in (the demo draws them anew).
 *
 * `PIN_UPDATE=1 deno test -A tests/portal/data_export_pinned_test.ts` writes the file anew after a change
 * meant to change the export.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import {
  leaveRequestAttachments,
  leaveRequests,
  personalDocuments,
  requiredDocumentFiles,
  requiredDocuments,
  sickCertificates,
  sickLeaveEntries,
  users,
} from "../../src/db/schema/mod.ts";
import { collectPersonData, renderReadable } from "../../src/services/my_data_export.ts";

const GOLDEN = new URL("./data_export_pinned.golden.txt", import.meta.url);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** A record as compared for its place: its content without ids, which the demo draws anew. */
const byContent = (row: unknown) => JSON.stringify(row).replace(UUID, "");

/**
 * The first three records of every part in the order of their content (records that only a query's plan
 * orders come in the order of their random ids): the same words and form as all of them, a shorter file.
 */
function firstRecords(data: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [section, parts] of Object.entries(data)) {
    out[section] = {};
    for (const [k, v] of Object.entries(parts as Record<string, unknown>)) {
      out[section][k] = Array.isArray(v)
        ? [...v].sort((a, b) => byContent(a).localeCompare(byContent(b))).slice(0, 3)
        : v;
    }
  }
  return out;
}

/**
 * Record ids named by the order they first appear in (`«id 1»`), also where a file's path holds the first
 * eight characters of one: the demo's ids are drawn anew whenever its database is built.
 */
function namedIds(texts: Map<string, string>): Map<string, string> {
  const ids = [
    ...new Set(
      [...texts.values()].join("\n").match(UUID),
    ),
  ];
  const out = new Map<string, string>();
  for (const [k, v] of texts) {
    out.set(
      k,
      ids.reduce(
        (text, id, i) =>
          text.replaceAll(id, `«id ${i + 1}»`).replace(
            new RegExp(`(?<=[/-])${id.slice(0, 8)}-`, "g"),
            `«id ${i + 1}»-`,
          ),
        v,
      ),
    );
  }
  return out;
}

/** A line at each heading, section, record and list item, so a difference reads as a diff. */
const lines = (html: string) => html.replace(/<(section|h2|h3|dl|li|p)\b/g, "\n<$1");

async function answers(): Promise<Map<string, string>> {
  const t = await makeTestApp();
  const out = new Map<string, string>();
  try {
    const db = t.deps.db;
    const [u] = await db.select().from(users).where(eq(users.email, "employee@demo.example"));
    const employeeId = u.employeeId!;
    const at = t.clock.now();
    const pdf = (text: string) => Buffer.from(new TextEncoder().encode(`%PDF-1.7\n${text}\n%%EOF\n`));
    const file = (name: string, text: string) => ({
      employeeId,
      fileName: name,
      contentType: "application/pdf",
      sizeBytes: pdf(text).byteLength,
      bytes: pdf(text),
      uploadedAt: at,
    });
    const [sick] = await db.select().from(sickLeaveEntries).where(eq(sickLeaveEntries.employeeId, employeeId))
      .orderBy(sickLeaveEntries.startDate).limit(1);
    await db.insert(sickCertificates).values({
      id: "5a1c0001-0000-4000-8000-000000000000",
      sickEntryId: sick.id,
      ...file("Arztzeugnis März 2026.pdf", "certificate"),
    });
    const [required] = await db.select().from(requiredDocuments).where(
      eq(requiredDocuments.employeeId, employeeId),
    ).orderBy(requiredDocuments.kind).limit(1);
    await db.insert(requiredDocumentFiles).values({
      id: "5a1c0002-0000-4000-8000-000000000000",
      requiredDocumentId: required.id,
      ...file("Diplom.pdf", "diploma"),
    });
    await db.insert(personalDocuments).values({
      id: "5a1c0003-0000-4000-8000-000000000000",
      kind: "CONTRACT",
      title: "Arbeitsvertrag",
      ...file("Arbeitsvertrag (unterschrieben).pdf", "contract"),
    });
    const [leave] = await db.select().from(leaveRequests).where(eq(leaveRequests.employeeId, employeeId))
      .orderBy(leaveRequests.startDate).limit(1);
    await db.insert(leaveRequestAttachments).values({
      leaveRequestId: leave.id,
      ...file("Einladung Hochzeit.pdf", "invitation"),
    });

    const { data, files, lang, links } = await collectPersonData(t.deps, employeeId);
    out.set("language", lang);
    out.set(
      "files",
      Object.entries(files).map(([path, bytes]) => `${path} (${bytes.byteLength} bytes)`).join("\n"),
    );
    out.set("links", JSON.stringify(links, null, 1));
    const first = firstRecords(data);
    out.set("data.json", JSON.stringify(first, null, 1));
    for (const l of ["de", "fr", "it", "en"] as const) {
      out.set(`index.html (${l})`, lines(renderReadable(first, Object.keys(files), l, at, links)));
    }
  } finally {
    t.close();
  }
  return namedIds(out);
}

function parse(text: string): Map<string, string> {
  const parts = text.split(/^#{3} (.+)$/m);
  const out = new Map<string, string>();
  for (let i = 1; i < parts.length; i += 2) out.set(parts[i], parts[i + 1].trim());
  return out;
}

Deno.test("data export: files, links, data.json and index.html in four languages as pinned", async (ctx) => {
  const actual = await answers();
  if (Deno.env.get("PIN_UPDATE") === "1") {
    await Deno.writeTextFile(GOLDEN, [...actual].map(([k, v]) => `### ${k}\n${v.trim()}\n`).join("\n"));
  }
  const expected = parse(await Deno.readTextFile(GOLDEN));
  await ctx.step("every part is pinned, and nothing else", () => {
    assert.deepEqual([...actual.keys()], [...expected.keys()]);
  });
  for (const [name, text] of actual) {
    await ctx.step(name, () => assert.equal(text.trim(), expected.get(name)));
  }
});
