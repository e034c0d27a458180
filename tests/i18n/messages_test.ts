/**
 * The one catalogue of refusals (src/i18n/messages): every text in German, French, Italian and English with
 * the same parameters, ids unique across its files, and no refusal written as a sentence at the place that
 * throws it (such a sentence would reach a German, French or Italian reader in English).
 */
import assert from "node:assert/strict";
import { CATALOGUE_PARTS, MESSAGES, say } from "../../src/i18n/messages/mod.ts";
import { AppError, errorBody, refusal, textOf } from "../../src/errors.ts";

const LANGS = ["de", "fr", "it", "en"] as const;

/**
 * Texts that are rightly the same in two languages (a word both use). Kept short: each entry is a decision
 * that the English text is the right one for that reader.
 */
const SAME_AS_ENGLISH = new Set<string>([
  // JSON's own word for no value, written as it is in every language (as the API documentation writes it).
  "jsonType.null:de",
  "jsonType.null:fr",
  "jsonType.null:it",
]);

Deno.test("messages: every text has four languages, the same parameters, and is translated", () => {
  const problems: string[] = [];
  for (const [id, texts] of Object.entries(MESSAGES) as [string, Record<string, string>][]) {
    const params = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(",");
    for (const l of LANGS) {
      if (typeof texts[l] !== "string" || texts[l].trim() === "") problems.push(`${id}: no ${l} text`);
      else if (params(texts[l]) !== params(texts.de)) problems.push(`${id}: ${l} parameters differ from de`);
    }
    for (const l of ["de", "fr", "it"] as const) {
      if (texts[l] === texts.en && !SAME_AS_ENGLISH.has(`${id}:${l}`)) {
        problems.push(`${id}: ${l} is English`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

Deno.test("messages: ids are unique across the catalogue's files", () => {
  const seen = new Map<string, string>();
  const twice: string[] = [];
  for (const [part, cat] of Object.entries(CATALOGUE_PARTS)) {
    for (const id of Object.keys(cat)) {
      if (seen.has(id)) twice.push(`${id} in ${seen.get(id)} and ${part}`);
      seen.set(id, part);
    }
  }
  assert.deepEqual(twice, []);
});

Deno.test("messages: a refusal is said in the reader's language, days the Swiss way, fields named", () => {
  const e = refusal("validation", "input.year", { field: "year", value: 1999 }, { field: "year" });
  assert.ok(e instanceof AppError);
  assert.equal(e.status, 400);
  // The English form is the message (logs); each door says it in its reader's language.
  assert.equal(e.message, "'year' must be a year from 2000 to 2100, not 1999.");
  assert.equal(textOf(e, "de"), "«year» muss ein Jahr von 2000 bis 2100 sein, nicht 1999.");
  const body = errorBody(e, "it", "query");
  assert.equal(body.error, "«year» deve essere un anno dal 2000 al 2100, non 1999.");
  assert.deepEqual(body.fields, [{ field: "query.year", message: body.error }]);
  assert.equal(body.code, "validation");
  // A field already placed by the service keeps its place.
  const cursor = errorBody(
    refusal("validation", "page.badCursor", {}, { field: "query.cursor" }),
    "fr",
    "body",
  );
  assert.equal(cursor.fields?.[0].field, "query.cursor");
  // An ISO day among the parameters is shown as 25.11.2026 in every language.
  assert.equal(
    say("input.year" as never, "fr", { field: "2026-11-25", value: 1 }),
    "« 25.11.2026 » doit être une année de 2000 à 2100, pas 1.",
  );
});

Deno.test("messages: a fraction takes the Swiss decimal mark of the language, a list the language's separator", () => {
  // CLDR's Swiss locales: fr-CH writes 3,5; de-CH, it-CH and en-CH write 3.5. A whole number (a year) as it is.
  const e = refusal("validation", "input.year", { field: "x", value: 3.5 });
  assert.equal(textOf(e, "fr"), "« x » doit être une année de 2000 à 2100, pas 3,5.");
  assert.equal(textOf(e, "de"), "«x» muss ein Jahr von 2000 bis 2100 sein, nicht 3.5.");
  assert.equal(textOf(e, "it"), "«x» deve essere un anno dal 2000 al 2100, non 3.5.");
  assert.equal(
    textOf(refusal("validation", "input.year", { field: "x", value: 2150 }), "fr"),
    "« x » doit être une année de 2000 à 2100, pas 2150.",
  );
  const two = [
    { id: "page.badCursor" as const },
    { id: "page.cursorAndOffset" as const },
  ];
  assert.equal(
    say("input.year", "fr", { field: two, value: 1 }),
    "« « cursor » doit être un « nextCursor » renvoyé par cette liste ; Envoyez soit « cursor », soit « offset », pas les deux » doit être une année de 2000 à 2100, pas 1.",
  );
  // Items written as sentences lose their full stop inside the list.
  assert.match(say("input.year", "de", { field: two, value: 1 }), /Liste geliefert hat; Senden Sie/);
});

/** The folders whose refusals reach people: services, rules, the portal, sign-in and the connector. */
const SCANNED = ["src/services", "src/domain", "src/portal", "src/signin", "src/mcp", "src/push"];
const SCANNED_FILES = ["src/http_body.ts", "src/oauth/clients.ts"];

/** A refusal thrown with a sentence written in place (a string or template literal) instead of a catalogue id. */
const WRITTEN_IN_PLACE =
  /(?:new AppError\(\s*"[a-z_]+"\s*,\s*|\b(?:invalid|notFound|conflict|forbidden)\(\s*)(?=["'`])/g;

Deno.test("messages: no refusal is written in English where it is thrown", async () => {
  const files: string[] = [...SCANNED_FILES];
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(dir)) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory) await walk(path);
      else if (/\.tsx?$/.test(e.name)) files.push(path);
    }
  };
  for (const d of SCANNED) await walk(new URL(`../../${d}`, import.meta.url).pathname);
  const found: string[] = [];
  for (const f of files) {
    const path = f.startsWith("/") ? f : new URL(`../../${f}`, import.meta.url).pathname;
    const text = await Deno.readTextFile(path);
    for (const m of text.matchAll(WRITTEN_IN_PLACE)) {
      const line = text.slice(0, m.index).split("\n").length;
      found.push(`${path.slice(path.indexOf("/src/") + 1)}:${line}`);
    }
  }
  assert.deepEqual(found, [], `${found.length} refusals written in place`);
});
