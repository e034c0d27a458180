/**
 * The time and sick-leave refusals reach a German, French or Italian reader in their language, through the
 * portal (the account's language) and through the connector (the person's), and name the field they are
 * about where the app sent it: "must be a Monday" (`path.weekStart`), a `totalHours` that does not match
 * (`body.totalHours`), an entry overlapping another (`body.startTime`, `body.endTime`), a sick report older
 * than 30 days (`body.startDate`), an end before the start (`body.endDate`), an upload that is no PDF or
 * photo (`body.file`). Texts and field names are written out here, not read from the catalogue.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { E2E, refusal, startMcpServer } from "../mcp/_harness.ts";

const BASE = "/api/v1/portal";

/** What each language says: the overlapped entry by its day and times, never its id. */
const EXPECTED = {
  de: {
    monday: "Eine Woche muss an einem Montag beginnen; der 18.11.2026 ist keiner (Wochen laufen von Montag " +
      "bis Sonntag).",
    totalHours: "Die angegebenen 4 Stunden passen nicht zu 08:00–12:00 abzüglich 30 Minuten Pause (3.5 h). " +
      "Senden Sie den passenden Wert oder lassen Sie totalHours weg.",
    overlap: "Das überschneidet sich mit Ihrem Eintrag am 17.11.2026 von 18:00 bis 19:00. Ändern Sie " +
      "die Zeiten oder bearbeiten Sie stattdessen jenen Eintrag.",
    sickTooOld: "Sie können Abwesenheiten der letzten 30 Tage melden; bitten Sie HR, ältere zu erfassen.",
    sickEndBeforeStart: "Das Enddatum darf nicht vor dem Startdatum liegen.",
    notAFile: "Die Datei muss ein PDF, JPEG, PNG oder HEIC sein; diese ist nichts davon.",
  },
  fr: {
    monday:
      "Une semaine doit commencer un lundi ; le 18.11.2026 n'en est pas un (les semaines vont du lundi " +
      "au dimanche).",
    totalHours:
      "Les 4 heures indiquées ne correspondent pas à 08:00–12:00 moins 30 minutes de pause (3,5 h). " +
      "Envoyez la valeur correspondante ou omettez totalHours.",
    overlap: "Cela chevauche votre saisie du 17.11.2026 de 18:00 à 19:00. Modifiez les heures, ou " +
      "corrigez plutôt cette saisie.",
    sickTooOld:
      "Vous pouvez annoncer les absences des 30 derniers jours ; demandez aux RH d'enregistrer les " +
      "plus anciennes.",
    sickEndBeforeStart: "La date de fin ne doit pas précéder la date de début.",
    notAFile: "Le fichier doit être un PDF, JPEG, PNG ou HEIC ; celui-ci n'est rien de cela.",
  },
  it: {
    monday: "Una settimana deve iniziare di lunedì; il 18.11.2026 non lo è (le settimane vanno dal lunedì " +
      "alla domenica).",
    totalHours:
      "Le 4 ore indicate non corrispondono a 08:00–12:00 meno 30 minuti di pausa (3.5 h). Invii il " +
      "valore corrispondente oppure ometta totalHours.",
    overlap: "Si sovrappone alla sua registrazione del 17.11.2026 dalle 18:00 alle 19:00. Modifichi " +
      "gli orari, oppure corregga quella registrazione.",
    sickTooOld: "Può notificare le assenze degli ultimi 30 giorni; chieda alle risorse umane di registrare " +
      "quelle più vecchie.",
    sickEndBeforeStart: "La data di fine non può precedere la data d'inizio.",
    notAFile: "Il file deve essere un PDF, JPEG, PNG o HEIC; questo non è nulla di ciò.",
  },
};

Deno.test("time and sick-leave refusals reach a de, fr and it account in its language, naming the field", async (t) => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const call = async (method: string, path: string, init: { json?: unknown; body?: FormData } = {}) => {
      const r = await app.request(`${BASE}${path}`, { method, token, ...init });
      return { status: r.status, body: await r.json() as Record<string, unknown> };
    };
    const entry = await call("POST", "/employee/time-entries", {
      json: { date: "2026-11-17", startTime: "18:00", endTime: "19:00" },
    });
    assert.equal(entry.status, 201, JSON.stringify(entry.body));
    const entryId = (entry.body.data as { id: string }).id;
    const absence = await call("POST", "/employee/sick-leave", {
      json: { startDate: "2026-11-16", endDate: "2026-11-16" },
    });
    assert.equal(absence.status, 201, JSON.stringify(absence.body));
    const absenceId = (absence.body.data as { id: string }).id;

    /** The refusal's status, code, text and the fields it names (each with the same text). */
    const said = (
      r: { status: number; body: Record<string, unknown> },
      status: number,
      code: string,
      text: string,
      fields: string[],
    ) => {
      assert.equal(r.status, status, JSON.stringify(r.body));
      assert.equal(r.body.code, code);
      assert.equal(r.body.error, text);
      assert.deepEqual(r.body.fields, fields.map((field) => ({ field, message: text })));
    };

    for (const [lang, e] of Object.entries(EXPECTED)) {
      await t.step(lang, async () => {
        const set = await call("PATCH", "/employee/profile", { json: { language: lang } });
        assert.equal(set.status, 200, JSON.stringify(set.body));

        said(await call("GET", "/employee/time-weeks/2026-11-18"), 400, "validation", e.monday, [
          "path.weekStart",
        ]);
        said(
          await call("POST", "/employee/time-weeks/2026-11-18/submit"),
          400,
          "validation",
          e.monday,
          ["path.weekStart"],
        );
        said(
          await call("POST", "/employee/time-entries", {
            json: {
              date: "2026-11-16",
              startTime: "08:00",
              endTime: "12:00",
              breakMinutes: 30,
              totalHours: 4,
            },
          }),
          400,
          "validation",
          e.totalHours,
          ["body.totalHours"],
        );
        const overlap = await call("POST", "/employee/time-entries/preview", {
          json: { date: "2026-11-17", startTime: "18:30", endTime: "20:00" },
        });
        said(overlap, 409, "conflict", e.overlap, [
          "body.startTime",
          "body.endTime",
        ]);
        assert.equal(overlap.body.reason, "time_entry_overlap");
        assert.equal(overlap.body.conflictingId, entryId);
        said(
          await call("POST", "/employee/sick-leave", { json: { startDate: "2026-10-01" } }),
          400,
          "validation",
          e.sickTooOld,
          ["body.startDate"],
        );
        said(
          await call("POST", "/employee/sick-leave/preview", {
            json: { startDate: "2026-11-10", endDate: "2026-11-09" },
          }),
          400,
          "validation",
          e.sickEndBeforeStart,
          ["body.endDate"],
        );
        const form = new FormData();
        form.append("file", new File([new TextEncoder().encode("not a scan")], "zeugnis.txt"));
        said(
          await call("POST", `/employee/sick-leave/${absenceId}/certificate`, { body: form }),
          415,
          "unsupported_media_type",
          e.notAFile,
          ["body.file"],
        );
      });
    }
  } finally {
    app.close();
  }
});

Deno.test(
  "time and sick-leave refusals reach a German-speaking person in German through the connector",
  E2E,
  async () => {
    const s = await startMcpServer();
    try {
      // The demo employee reads German.
      const c = await s.client((await s.grant("employee")).token);
      assert.equal(
        refusal(
          await c.callTool({ name: "prepare_sick_report", arguments: { start_date: "2026-10-01" } }),
        ),
        "Sie können Abwesenheiten der letzten 30 Tage melden; bitten Sie HR, ältere zu erfassen.",
      );
      assert.equal(
        refusal(
          await c.callTool({
            name: "prepare_time_entry",
            arguments: { date: "2026-11-16", start_time: "06:00", end_time: "06:00" },
          }),
        ),
        "Start- und Endzeit sind beide 06:00, was eine Schicht von 24 Stunden wäre. Korrigieren Sie die " +
          "Zeiten, oder bestätigen Sie die Schicht, indem Sie auch ihre Stunden senden (totalHours: 24 abzüglich " +
          "der Pause).",
      );
    } finally {
      await s.close();
    }
  },
);
