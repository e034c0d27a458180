/**
 * The rarer refusals of working time, sick leave, workload changes and uploads, each once: its code, its
 * English form (the log's), the input fields it names, and for some its German, French or Italian text. The
 * common ones (an overlap, a week's state, "must be a Monday", a sick report older than 30 days, …) are
 * tested where their rules are (time_rules_test.ts, sick_rules_test.ts, tests/i18n/time_refusals_test.ts).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { employees, requiredDocuments, sickLeaveEntries } from "../../src/db/schema/mod.ts";
import { netHours, parseHhmm, spanMinutes, weekTargetHours } from "../../src/domain/time.ts";
import { AppError, textOf } from "../../src/errors.ts";
import { decideTimesheet } from "../../src/services/approvals.ts";
import { getRequiredDocumentFile } from "../../src/services/document_files.ts";
import {
  endSickLeave,
  getCertificateFile,
  reportSickLeave,
  uploadCertificate,
} from "../../src/services/sick_leave.ts";
import { createTimeEntry, submitWeek, updateTimeEntry } from "../../src/services/time.ts";
import { checkedUpload } from "../../src/services/uploaded_files.ts";
import { changeWorkload } from "../../src/services/workload_changes.ts";
import { actorFor, addAccount, addEmployee } from "./_fixtures.ts";

/** The refusal thrown by `f` (sync or async). */
async function refusalOf(f: () => unknown): Promise<AppError> {
  try {
    await f();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected a refusal, but it succeeded");
}

/** Checks a refusal's code, English text and named fields. */
function is(e: AppError, code: string, english: string, fields: string[] = []) {
  assert.equal(e.code, code);
  assert.equal(e.message, english);
  assert.deepEqual(e.fields?.map((f) => f.field) ?? [], fields);
}

const PDF = new TextEncoder().encode("%PDF-1.4\n%test\n");

Deno.test("time refusals: clock times, a day's hours and a week's figures, naming the field", async () => {
  is(
    await refusalOf(() => parseHhmm("25:00", "startTime")),
    "validation",
    `'startTime' must be a time HH:MM from 00:00 to 23:59, not "25:00".`,
    ["startTime"],
  );
  is(
    await refusalOf(() => spanMinutes("24:00", "08:00")),
    "validation",
    "The start time cannot be 24:00; a day starts at 00:00.",
    ["startTime"],
  );
  // 25 hours elapsed between 08:00 and 08:00 (the night the clocks go back).
  const over = await refusalOf(() => netHours("08:00", "08:00", 0, 25 * 60));
  is(over, "validation", "An entry holds at most 24 hours; these times give 25.", ["startTime", "endTime"]);
  assert.equal(textOf(over, "de"), "Ein Eintrag umfasst höchstens 24 Stunden; diese Zeiten ergeben 25.");
  const week = {
    weekStart: "2024-03-04",
    weeklyHours: 42,
    workloadPercent: 100,
    workingWeekdays: [1, 2, 3, 4, 5],
    holidays: new Map<string, number>(),
    absenceFractions: new Map<string, number>(),
  };
  is(
    await refusalOf(() => weekTargetHours({ ...week, weeklyHours: 200 })),
    "validation",
    "Weekly hours must be between 0 and 168, not 200.",
    ["weeklyHours"],
  );
  const workload = await refusalOf(() => weekTargetHours({ ...week, workloadPercent: 120 }));
  is(workload, "validation", "The workload must be between 0 and 100 %, not 120.", ["workloadPercent"]);
  assert.equal(textOf(workload, "fr"), "Le taux d'activité doit être compris entre 0 et 100 %, pas 120.");
});

Deno.test("time refusals: an approved entry is read-only, said in the person's language", async () => {
  const t = await makeTestApp();
  try {
    const me = await addAccount(t, await addEmployee(t));
    const e = await createTimeEntry(t.deps, me, { date: "2026-11-16", startTime: "08:00", endTime: "12:00" });
    await submitWeek(t.deps, me, { weekStart: "2026-11-16" });
    await decideTimesheet(t.deps, await actorFor(t, "manager@demo.example"), {
      employeeId: me.employeeId!,
      weekStart: "2026-11-16",
      decision: "APPROVE",
    });
    const r = await refusalOf(() => updateTimeEntry(t.deps, me, { id: e.id, patch: { endTime: "12:30" } }));
    is(r, "conflict", "Only draft entries can be changed or deleted; this one is approved and read-only.");
    assert.equal(
      textOf(r, "it"),
      "Solo le registrazioni in bozza si possono modificare o eliminare; questa è approvata e si può solo " +
        "consultare.",
    );
  } finally {
    t.close();
  }
});

Deno.test("sick refusals: degree, start before the employment, too long a report, an end too far ahead", async () => {
  const t = await makeTestApp();
  try {
    const me = await addAccount(t, await addEmployee(t, { employmentStart: "2026-11-02" }));
    is(
      await refusalOf(() => reportSickLeave(t.deps, me, { startDate: "2026-11-16", degree: 0 })),
      "validation",
      "The degree of incapacity is a whole percentage from 1 to 100, not 0.",
      ["degree"],
    );
    const before = await refusalOf(() => reportSickLeave(t.deps, me, { startDate: "2026-10-30" }));
    is(before, "validation", "A sick report cannot start before your employment starts on 02.11.2026.", [
      "startDate",
    ]);
    assert.equal(
      textOf(before, "de"),
      "Eine Krankmeldung kann nicht vor Ihrem Eintritt am 02.11.2026 beginnen.",
    );
    is(
      await refusalOf(() => reportSickLeave(t.deps, me, { startDate: "2026-11-16", endDate: "2027-11-30" })),
      "validation",
      "One report covers at most 366 days.",
      ["endDate"],
    );
    const ongoing = await reportSickLeave(t.deps, me, { startDate: "2026-11-16" });
    is(
      await refusalOf(() => endSickLeave(t.deps, me, { entryId: ongoing.id, endDate: "2027-11-20" })),
      "validation",
      "The end date is at most 366 days ahead of today.",
      ["endDate"],
    );
  } finally {
    t.close();
  }
});

Deno.test("sick refusals: an accepted certificate is final; a file nobody uploaded is not found", async () => {
  const t = await makeTestApp();
  try {
    const me = await addAccount(t, await addEmployee(t), { language: "fr" });
    const r = await reportSickLeave(t.deps, me, { startDate: "2026-11-16", endDate: "2026-11-17" });
    const none = await refusalOf(() => getCertificateFile(t.deps, me, r.id));
    is(none, "not_found", "No certificate file for this absence.");
    await t.deps.db.update(sickLeaveEntries).set({ certificateState: "ACCEPTED" })
      .where(eq(sickLeaveEntries.id, r.id));
    const accepted = await refusalOf(() =>
      uploadCertificate(t.deps, me, { id: r.id, fileName: "zeugnis.pdf", bytes: PDF })
    );
    is(accepted, "conflict", "HR already accepted the certificate for this absence.");
    assert.equal(
      textOf(accepted, me.language),
      "Les RH ont déjà accepté le certificat médical de cette absence.",
    );
  } finally {
    t.close();
  }
});

Deno.test("upload refusals: too large names the file field; a requested document without a file is not found", async () => {
  const big = new Uint8Array(10 * 1024 * 1024 + 1);
  big.set(PDF);
  const large = await refusalOf(() => checkedUpload({ fileName: "scan.pdf", bytes: big }, "document"));
  is(large, "payload_too_large", "The file is larger than 10 MB; send a smaller scan or photo.", ["file"]);
  assert.equal(
    textOf(large, "de"),
    "Die Datei ist grösser als 10 MB; senden Sie einen kleineren Scan oder ein kleineres Foto.",
  );
  const t = await makeTestApp();
  try {
    const me = await addAccount(t, await addEmployee(t));
    const [d] = await t.deps.db.insert(requiredDocuments).values({
      employeeId: me.employeeId!,
      kind: "Diplom",
      dueDate: "2026-12-01",
      status: "MISSING",
      createdAt: t.clock.now(),
    }).returning();
    is(
      await refusalOf(() => getRequiredDocumentFile(t.deps, me, d.id)),
      "not_found",
      "No file for this requested document.",
    );
  } finally {
    t.close();
  }
});

Deno.test("workload refusals: an unknown person, and every problem at once in the reader's language", async () => {
  const t = await makeTestApp();
  try {
    is(
      await refusalOf(() =>
        changeWorkload(t.deps, {
          personnelNumber: "NOBODY",
          validFrom: "2027-01-01",
          workloadPercent: 80,
          workingWeekdays: [1, 2, 3, 4],
        })
      ),
      "not_found",
      'There is no employee with the personnel number "NOBODY".',
    );
    const id = await addEmployee(t, { employmentStart: "2024-01-01", employmentEnd: "2027-06-30" });
    const [e] = await t.deps.db.select().from(employees).where(eq(employees.id, id));
    const all = await refusalOf(() =>
      changeWorkload(t.deps, {
        personnelNumber: e.personnelNumber,
        validFrom: "2027-07-01",
        workloadPercent: 0,
        workingWeekdays: [],
      })
    );
    is(
      all,
      "validation",
      "No workload change was recorded: the first day must be before the employment ends (30.06.2027); the " +
        "workload must be above 0 and at most 100 %; at least one working weekday (1 = Monday to 7 = Sunday) " +
        "is needed.",
      ["validFrom", "workloadPercent", "workingWeekdays"],
    );
    assert.equal(
      textOf(all, "fr"),
      "Aucun changement de taux enregistré : le premier jour doit précéder la fin de l'engagement " +
        "(30.06.2027) ; le taux doit être supérieur à 0 et au plus 100 % ; il faut au moins un jour de travail.",
    );
    assert.equal(
      textOf(all, "de"),
      "Keine Pensumsänderung gespeichert: der erste Tag muss vor dem Austritt (30.06.2027) liegen; das Pensum " +
        "muss über 0 und höchstens 100 % sein; mindestens ein Arbeitstag ist nötig.",
    );
  } finally {
    t.close();
  }
});
