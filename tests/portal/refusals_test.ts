/**
 * The services' most common refusals reach the app in the caller's language, with a stable `reason` beside
 * the `code`: a leave request overlapping another, a balance too small, a time entry overlapping another, a
 * week not started, already submitted or without drafts. Each changes nothing.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { leaveRequests, timeEntries } from "../../src/db/schema/mod.ts";
import { EMPLOYEE_ID } from "../services/_fixtures.ts";

const BASE = "/api/v1/portal";

Deno.test("refusals: overlaps, balances and a week's state are refused in the account's language with a stable reason, and change nothing", async (t) => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const call = async (method: string, path: string, json?: unknown) => {
      const r = await app.request(`${BASE}${path}`, { method, token, ...(json ? { json } : {}) });
      return { status: r.status, body: await r.json() };
    };
    const leave = { leaveType: "VACATION", startDate: "2027-01-11", endDate: "2027-01-15" };
    const filed = await call("POST", "/employee/leave/requests", leave);
    assert.equal(filed.status, 201);
    const entry = await call("POST", "/employee/time-entries", {
      date: "2026-11-17",
      startTime: "18:00",
      endTime: "19:00",
    });
    assert.equal(entry.status, 201);
    assert.equal((await call("POST", "/employee/time-weeks/2026-11-16/submit")).status, 200);
    const rows = async () => ({
      leave: await app.deps.db.select().from(leaveRequests).where(eq(leaveRequests.employeeId, EMPLOYEE_ID)),
      time: await app.deps.db.select().from(timeEntries).where(eq(timeEntries.employeeId, EMPLOYEE_ID)),
    });
    const id = filed.body.data.id as string;
    const entryId = entry.body.data.id as string;
    const expected = {
      de: {
        leave: "Das überschneidet sich mit Ihrem Gesuch «Ferien» vom 11.01.2027 bis 15.01.2027 (wartet auf " +
          "Entscheid). Ziehen Sie jenes zuerst zurück oder ändern Sie es, oder wählen Sie andere Daten.",
        balance: /^Nicht genug Ferien übrig im Jahr 2027: Dieses Gesuch braucht \d+ Tag\(e\)/,
        time: `Das überschneidet sich mit Ihrem Eintrag am 17.11.2026 von 18:00 bis 19:00. Ändern ` +
          "Sie die Zeiten oder bearbeiten Sie stattdessen jenen Eintrag.",
        notStarted: "Die Woche vom 23.11.2026 hat noch nicht begonnen; reichen Sie sie ein, sobald sie " +
          "begonnen hat.",
        submitted: /^Die Woche vom 16\.11\.2026 ist bereits eingereicht/,
        noDrafts: "Die Woche vom 06.01.2020 hat keine Entwürfe zum Einreichen.",
      },
      fr: {
        leave:
          "Cela chevauche votre demande « Vacances » du 11.01.2027 au 15.01.2027 (en attente de décision). " +
          "Retirez ou modifiez d'abord celle-ci, ou choisissez d'autres dates.",
        balance: /^Solde de Vacances insuffisant en 2027 : cette demande nécessite \d+ jour\(s\)/,
        time: `Cela chevauche votre saisie du 17.11.2026 de 18:00 à 19:00. Modifiez les heures, ou ` +
          "corrigez plutôt cette saisie.",
        notStarted: "La semaine du 23.11.2026 n'a pas encore commencé ; soumettez-la une fois commencée.",
        submitted: /^La semaine du 16\.11\.2026 est déjà soumise/,
        noDrafts: "La semaine du 06.01.2020 n'a aucune saisie en brouillon à soumettre.",
      },
      it: {
        leave:
          "Si sovrappone alla sua richiesta «Vacanze» dal 11.01.2027 al 15.01.2027 (in attesa di decisione). " +
          "Ritiri o modifichi prima quella, oppure scelga altre date.",
        balance: /^Saldo di \S+ insufficiente nel 2027: questa richiesta richiede \d+ giorno\/i/,
        time: `Si sovrappone alla sua registrazione del 17.11.2026 dalle 18:00 alle 19:00. ` +
          "Modifichi gli orari, oppure corregga quella registrazione.",
        notStarted: "La settimana del 23.11.2026 non è ancora iniziata; la invii quando sarà iniziata.",
        submitted: /^La settimana del 16\.11\.2026 è già stata inviata/,
        noDrafts: "La settimana del 06.01.2020 non ha registrazioni in bozza da inviare.",
      },
      en: {
        leave:
          "This overlaps your Vacation request from 11.01.2027 to 15.01.2027 (awaiting approval). Withdraw " +
          "or change that one first, or pick other dates.",
        balance: /^Not enough Vacation left in 2027: this request needs \d+ day\(s\)/,
        time: `This overlaps your entry on 17.11.2026 from 18:00 to 19:00. Change the times, or ` +
          "edit that entry instead.",
        notStarted: "The week of 23.11.2026 has not started yet; submit it once it has.",
        submitted: /^The week of 16\.11\.2026 is already submitted/,
        noDrafts: "The week of 06.01.2020 has no draft entries to submit.",
      },
    };
    for (const [lang, e] of Object.entries(expected)) {
      await t.step(lang, async () => {
        assert.equal((await call("PATCH", "/employee/profile", { language: lang })).status, 200);
        const before = await rows();
        const refused = async (
          what: Promise<{ status: number; body: Record<string, unknown> }>,
          reason: string,
          message: string | RegExp,
          conflictingId?: string,
        ) => {
          const r = await what;
          assert.equal(r.status, 409, JSON.stringify(r.body));
          assert.equal(r.body.code, "conflict");
          assert.equal(r.body.reason, reason);
          if (typeof message === "string") assert.equal(r.body.error, message);
          else assert.match(r.body.error as string, message);
          // The person reads the record named as they know it; its id is for the app (`conflictingId`).
          if (conflictingId) {
            assert.ok(!(r.body.error as string).includes(conflictingId), r.body.error as string);
          }
          assert.equal(r.body.conflictingId, conflictingId);
        };
        await refused(call("POST", "/employee/leave/requests", leave), "leave_overlap", e.leave, id);
        await refused(call("POST", "/employee/leave/requests/preview", leave), "leave_overlap", e.leave, id);
        await refused(
          call("POST", "/employee/leave/requests", {
            ...leave,
            startDate: "2027-02-01",
            endDate: "2027-06-30",
          }),
          "insufficient_balance",
          e.balance,
        );
        await refused(
          call("POST", "/employee/time-entries", {
            date: "2026-11-17",
            startTime: "18:30",
            endTime: "20:00",
          }),
          "time_entry_overlap",
          e.time,
          entryId,
        );
        await refused(
          call("POST", "/employee/time-weeks/2026-11-23/submit"),
          "week_not_started",
          e.notStarted,
        );
        await refused(
          call("POST", "/employee/time-weeks/2026-11-16/submit"),
          "week_already_submitted",
          e.submitted,
        );
        await refused(
          call("POST", "/employee/time-weeks/2020-01-06/submit"),
          "week_without_drafts",
          e.noDrafts,
        );
        assert.deepEqual(await rows(), before, "nothing changed");
      });
    }
  } finally {
    app.close();
  }
});

Deno.test("refusals: the document lists the stable reasons beside the code", async () => {
  const app = await makeTestApp();
  try {
    const doc = await (await app.request("/api/v1/openapi.json")).json();
    assert.deepEqual(doc.components.schemas.Error.properties.reason.enum, [
      "leave_overlap",
      "insufficient_balance",
      "time_entry_overlap",
      "week_not_started",
      "week_already_submitted",
      "week_without_drafts",
      "timer_running",
      "timer_not_running",
      "timer_across_midnight",
      "timer_too_short",
      "timer_on_break",
      "timer_not_on_break",
    ]);
  } finally {
    app.close();
  }
});
