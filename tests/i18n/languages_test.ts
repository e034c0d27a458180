/**
 * The four languages people read: every text table has each of them with the same shape as German, the
 * negotiation picks Italian for Italian speakers, and the domain's own texts (holidays, salary scales,
 * prompts) come out in Italian.
 */
import assert from "node:assert/strict";
import { langOr, LANGS, negotiateLang } from "../../src/i18n/mod.ts";
import { WEB_MESSAGES } from "../../src/i18n/web.ts";
import { INVITATION_TEXTS } from "../../src/i18n/invitation.ts";
import { ACTIVITY_TEXTS } from "../../src/i18n/activity.ts";
import { SCOPE_DESCRIPTIONS } from "../../src/oauth/scopes.ts";
import { HALF_DAY_HOLIDAYS, publicHolidays } from "../../src/domain/calendar.ts";
import { salaryContinuation, SCALE_NAMES } from "../../src/domain/sick.ts";
import { BRIEFING, GUARD_RAIL, ONE_ON_ONE, PROMPTS, promptText } from "../../src/mcp/prompts.ts";
import { LOCKED_MAIL_TEXTS } from "../../src/signin/sessions.ts";
import { CONSOLE_TEXTS } from "../../src/i18n/console.ts";
import { PORTAL_TEXTS } from "../../src/i18n/portal.ts";
import { INBOX_TEXTS } from "../../src/i18n/console_inbox.ts";
import { PERSON_TEXTS } from "../../src/i18n/console_person.ts";
import { DOCUMENT_TEXTS } from "../../src/i18n/console_documents.ts";
import { LEAVE_TYPE_TEXTS } from "../../src/i18n/console_leave_types.ts";
import { ORGANISATION_TEXTS } from "../../src/i18n/console_organisation.ts";
import { CAREERS_TEXTS } from "../../src/i18n/careers.ts";
import { RECRUITING_TEXTS } from "../../src/i18n/console_recruiting.ts";
import { PUSH_TEXTS } from "../../src/i18n/push.ts";

const FOUR = ["de", "en", "fr", "it"];

/** Every text table keyed by language (a table of tables is split into its entries). */
function tables(): [string, Record<string, unknown>][] {
  const out: [string, Record<string, unknown>][] = [
    ["WEB_MESSAGES", WEB_MESSAGES],
    ["INVITATION_TEXTS", INVITATION_TEXTS],
    ["ACTIVITY_TEXTS", ACTIVITY_TEXTS],
    ["GUARD_RAIL", GUARD_RAIL],
    ["BRIEFING", BRIEFING],
    ["ONE_ON_ONE", ONE_ON_ONE],
    ["LOCKED_MAIL_TEXTS", LOCKED_MAIL_TEXTS],
    ["CONSOLE_TEXTS", CONSOLE_TEXTS],
    ["PORTAL_TEXTS", PORTAL_TEXTS],
    ["INBOX_TEXTS", INBOX_TEXTS],
    ["PERSON_TEXTS", PERSON_TEXTS],
    ["DOCUMENT_TEXTS", DOCUMENT_TEXTS],
    ["LEAVE_TYPE_TEXTS", LEAVE_TYPE_TEXTS],
    ["ORGANISATION_TEXTS", ORGANISATION_TEXTS],
    ["CAREERS_TEXTS", CAREERS_TEXTS],
    ["RECRUITING_TEXTS", RECRUITING_TEXTS],
    ["PUSH_TEXTS", PUSH_TEXTS],
  ];
  for (const [k, v] of Object.entries(SCOPE_DESCRIPTIONS)) out.push([`SCOPE_DESCRIPTIONS.${k}`, v]);
  for (const [k, v] of Object.entries(SCALE_NAMES)) out.push([`SCALE_NAMES.${k}`, v]);
  for (const h of HALF_DAY_HOLIDAYS) out.push([`HALF_DAY_HOLIDAYS.${h.monthDay}`, h.names]);
  for (const p of PROMPTS) out.push([`PROMPTS.${p.name}`, p.localized]);
  return out;
}

/** The paths of every leaf (text or text-making function) of a table entry. */
function leaves(v: unknown, path = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (v !== null && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) for (const [p, y] of leaves(x, `${path}.${k}`)) out.set(p, y);
  } else out.set(path, v);
  return out;
}

/** A leaf as text: a function is called with a sample argument. */
function text(v: unknown): string {
  return typeof v === "function" ? String(v("Sample")) : String(v);
}

Deno.test("languages: the service speaks German, English, French and Italian", () => {
  assert.deepEqual([...LANGS].sort(), FOUR);
});

Deno.test("languages: every text table has each of the four languages, shaped like German and filled", () => {
  const all = tables();
  assert.ok(all.length >= 15, `found ${all.length} tables`);
  for (const [name, table] of all) {
    assert.deepEqual(Object.keys(table).sort(), FOUR, name);
    const de = leaves(table.de);
    for (const lang of FOUR) {
      const l = leaves(table[lang]);
      assert.deepEqual([...l.keys()].sort(), [...de.keys()].sort(), `${name}.${lang} has German's keys`);
      for (const [p, v] of l) {
        assert.ok(typeof v === "string" || typeof v === "function", `${name}.${lang}${p} is text`);
        assert.ok(text(v).trim().length > 0, `${name}.${lang}${p} is not empty`);
      }
    }
    // Italian is a translation, not a copy of German: at most a few words (names, "Password") coincide.
    const it = leaves(table.it);
    const same = [...de].filter(([p, v]) => text(v) === text(it.get(p))).length;
    assert.ok(same <= Math.max(1, de.size / 10), `${name}: ${same} of ${de.size} Italian texts are German`);
  }
});

Deno.test("languages: Italian is negotiated from ui_locales and Accept-Language, else German", () => {
  assert.equal(negotiateLang("it-CH", null), "it");
  assert.equal(negotiateLang(null, "it-CH,it;q=0.9,de;q=0.8"), "it");
  assert.equal(negotiateLang(null, "en;q=0.4, it;q=0.9"), "it");
  assert.equal(negotiateLang("rm", "es"), "de");
  assert.equal(langOr("it"), "it");
  assert.equal(langOr("rm"), "de");
  assert.equal(langOr(null), "de");
});

Deno.test("languages: holidays, salary-continuation scales and prompts in Italian", () => {
  const ti = publicHolidays("TI", 2026, "it");
  assert.equal(ti.find((h) => h.date === "2026-03-19")?.name, "San Giuseppe");
  assert.equal(ti.find((h) => h.date === "2026-12-24")?.name, "Vigilia di Natale (pomeriggio)");
  assert.equal(ti.find((h) => h.date === "2026-12-24")?.portion, 0.5);

  const bern = salaryContinuation("BERNER", "2020-01-01", "2026-11-18", "it");
  assert.equal(
    bern.description,
    "Scala bernese, 7° anno di servizio: continuazione del pagamento del salario in caso di malattia per " +
      "3 mesi (13 settimane) (art. 324a CO).",
  );
  assert.match(
    salaryContinuation("BERNER", "2026-01-01", "2026-11-18", "it").description,
    /per 3 settimane \(art\. 324a CO\)\. Il diritto sorge se il rapporto di lavoro è durato/,
  );
  assert.match(
    salaryContinuation("ZUERCHER", "2026-01-01", "2026-11-18", "it").description,
    /^Scala zurighese/,
  );
  assert.match(salaryContinuation("BASLER", "2026-01-01", "2026-11-18", "it").description, /^Scala basilese/);

  const briefing = PROMPTS.find((p) => p.name === "weekly_hr_briefing")!;
  assert.equal(promptText(briefing, "it").title, "Briefing HR settimanale");
  assert.match(briefing.render("it", {}), /^Prepara il briefing HR/);
  assert.equal(promptText(briefing, "rm").title, "Wöchentliches HR-Briefing", "German when unknown");
});
