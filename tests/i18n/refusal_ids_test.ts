/**
 * Every refusal of `src/` carries a catalogue id, and the catalogue has it in German, French, Italian and
 * English: the code is read as text (every `refusal(code, "id", …)`, every `{ id: "…" }` a refusal's parameters
 * or problems carry, every `say("…")`, every rule a schema words with `rule("…")` or `typeRule("…")`), so an id
 * that is only ever built at run time, or a file the type checker does not see, is held too. An id built from a
 * template (`approval.rerouteCannotAct.${reason}`) must match at least one text, and each it matches is held.
 * And no refusal is built with a sentence in its place (`new AppError(code, "…")`), anywhere in `src/`.
 */
import assert from "node:assert/strict";
import { MESSAGES } from "../../src/i18n/messages/mod.ts";
import { errorBody, refusal, textOf } from "../../src/errors.ts";

const LANGS = ["de", "fr", "it", "en"] as const;
const SRC = new URL("../../src/", import.meta.url).pathname;

/** Where an id is used: the refusal's own, a parameter's or a problem's, said in place, a schema's rule. */
const USES: RegExp[] = [
  /\brefusal\(\s*(?:"[a-z_]+"|[\w.]+)\s*,\s*(["'`])((?:(?!\1)[^\n])*)\1/g,
  /\bid:\s*(["'`])((?:(?!\1)[^\n])*)\1/g,
  /\b(?:say|rule|typeRule)\(\s*(["'`])((?:(?!\1)[^\n])*)\1/g,
];

/** The files of `src/` written in TypeScript; the catalogue itself is what they are checked against. */
async function sources(dir = SRC): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    const path = `${dir}${e.name}`;
    if (e.isDirectory) {
      if (path !== `${SRC}i18n/messages`) out.push(...await sources(`${path}/`));
    } else if (/\.tsx?$/.test(e.name)) out.push(path);
  }
  return out.sort();
}

/** The catalogue's ids an id as written names: itself, or every id its template can become. */
function named(written: string): string[] {
  if (!written.includes("${")) return written in MESSAGES ? [written] : [];
  const pattern = new RegExp(
    `^${
      written.split(/\$\{[^}]*\}/).map((s) => s.replace(/[.*+?^$()|[\]\\]/g, "\\$&")).join("[A-Za-z0-9_]+")
    }$`,
  );
  return Object.keys(MESSAGES).filter((id) => pattern.test(id));
}

/** Whether a string looks like a catalogue id (`leave.overlap`) rather than data (`"x"`, an e-mail address). */
function idShaped(s: string): boolean {
  return /^[a-z][A-Za-z0-9]*\.[A-Za-z0-9_.${}]+$/.test(s) && !/\.(ts|tsx|js|json|md|html|css|svg)$/.test(s);
}

Deno.test("refusal ids: every id src/ uses is in the catalogue, in all four languages", async () => {
  const missing: string[] = [];
  const seen = new Set<string>();
  let uses = 0;
  for (const file of await sources()) {
    const text = await Deno.readTextFile(file);
    for (const re of USES) {
      for (const m of text.matchAll(re)) {
        const written = m[2];
        // `{ id: "…" }` is also how other records name themselves; only the catalogue's shape is an id here.
        if (!idShaped(written)) continue;
        uses++;
        const where = `src/${file.slice(SRC.length)}:${text.slice(0, m.index).split("\n").length}`;
        const ids = named(written);
        if (!ids.length) missing.push(`${where}: "${written}" is not in the catalogue`);
        for (const id of ids) {
          seen.add(id);
          const texts = (MESSAGES as Record<string, Record<string, string>>)[id];
          for (const l of LANGS) {
            if (!texts[l]?.trim()) missing.push(`${where}: "${id}" has no ${l} text`);
          }
        }
      }
    }
  }
  // The scan found the code's refusals, not nothing (a pattern that matched none would pass on anything).
  assert.ok(uses > 300, `refusals found in src/ (${uses})`);
  assert.ok(seen.size > 300, `distinct ids found in src/ (${seen.size})`);
  assert.deepEqual(missing, [], "every id src/ uses has its four texts");
});

Deno.test("refusal ids: no refusal in src/ is built with a sentence in place of an id", async () => {
  const found: string[] = [];
  for (const file of await sources()) {
    if (file === `${SRC}errors.ts`) continue;
    const text = await Deno.readTextFile(file);
    for (const m of text.matchAll(/\bnew AppError\(\s*[^,]+,\s*["'`]/g)) {
      found.push(`src/${file.slice(SRC.length)}:${text.slice(0, m.index).split("\n").length}`);
    }
  }
  assert.deepEqual(found, [], "refusals written as sentences where they are thrown");
});

Deno.test("refusal ids: a refusal carries its id, parameters and fields, and the door says it", () => {
  const e = refusal("validation", "input.year", { field: "year", value: 1999 }, { field: "year" });
  // What travels to the door: the id, its parameters and the field, no sentence in any language.
  assert.deepEqual(e.msg, { id: "input.year", params: { field: "year", value: 1999 } });
  assert.deepEqual(e.fields, [{ field: "year" }]);
  assert.deepEqual(JSON.parse(JSON.stringify(e)).fields, [{ field: "year" }]);
  // Each door says it in its reader's language, beside the field too.
  assert.deepEqual(errorBody(e, "fr", "query").fields, [{
    field: "query.year",
    message: "« year » doit être une année de 2000 à 2100, pas 1999.",
  }]);
  assert.equal(textOf(e, "it"), "«year» deve essere un anno dal 2000 al 2100, non 1999.");
  // English for the logs and the operator's commands, said when read.
  assert.equal(e.message, "'year' must be a year from 2000 to 2100, not 1999.");
  assert.match(String(e.stack), /^AppError: 'year' must be a year/);
});
