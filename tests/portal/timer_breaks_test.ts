/**
 * Breaks as start and end events of the running timer: each with the device's moment within the clock
 * events' bounds (2 minutes ahead, 12 hours back), so a phone that goes offline during a break records it;
 * the entry's break is the sum of the spans. `breakMinutes` at the stop keeps working for older apps.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { timeEntries, timeTimerBreaks, timeTimers } from "../../src/db/schema/mod.ts";
import { json, makeTestApp } from "../_helpers.ts";
import { call, EMAIL, fieldOf, speaks } from "./_timer.ts";

const BASE = "/api/v1/portal";
const MIN = 60_000;

Deno.test("timer breaks: two breaks, one sent offline with the device's moments, become the entry's 45 break minutes", async () => {
  // Tests' clock: Wednesday 18 November 2026, 10:00 in Zurich (UTC+1).
  const app = await makeTestApp();
  try {
    const token = await app.signIn(EMAIL);
    assert.equal((await call(app, token, "POST", "/start", {})).status, 201);

    // The phone is offline over lunch: the break started at 12:00 and ended at 12:30, both sent at 12:35.
    app.clock.set("2026-11-18T11:35:00.000Z");
    const b1 = await json(
      await call(app, token, "POST", "/break/start", { startedAt: "2026-11-18T12:00:00+01:00" }),
    );
    assert.equal(b1.status, 201, JSON.stringify(b1.body));
    assert.deepEqual(b1.body.data.breaks, [{ startedAt: "2026-11-18T11:00:00.000Z" }]);
    assert.equal(b1.body.data.breakMinutes, 35, "a running break counts until the answer");
    const e1 = await json(
      await call(app, token, "POST", "/break/end", { endedAt: "2026-11-18T12:30:00+01:00" }),
    );
    assert.equal(e1.status, 200, JSON.stringify(e1.body));
    assert.deepEqual(e1.body.data.breaks, [
      { startedAt: "2026-11-18T11:00:00.000Z", endedAt: "2026-11-18T11:30:00.000Z" },
    ]);
    assert.equal(e1.body.data.breakMinutes, 30);
    const [row] = await app.deps.db.select().from(timeTimerBreaks);
    assert.equal(row.startReceivedAt, Date.parse("2026-11-18T11:35:00Z"), "the service's receipt is kept");
    assert.equal(row.endReceivedAt, Date.parse("2026-11-18T11:35:00Z"));

    // Online in the afternoon: 14:00 to 14:15 by the service's clock.
    app.clock.set("2026-11-18T13:00:00.000Z");
    assert.equal((await call(app, token, "POST", "/break/start", {})).status, 201);
    app.clock.advance(15 * MIN);
    assert.equal((await call(app, token, "POST", "/break/end", {})).status, 200);

    app.clock.set("2026-11-18T15:00:00.000Z");
    const g = await json(await call(app, token, "GET", ""));
    assert.equal(g.body.data.timer.breaks.length, 2);
    assert.equal(g.body.data.timer.breakMinutes, 45);

    // Stopped at 16:00: 10:00–16:00 less 45 minutes.
    const r = await json(await call(app, token, "POST", "/stop", {}));
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.data.startTime, "10:00");
    assert.equal(r.body.data.endTime, "16:00");
    assert.equal(r.body.data.breakMinutes, 45);
    assert.equal(r.body.data.totalHours, 5.25);
    assert.equal((await app.deps.db.select().from(timeTimers)).length, 0);
    assert.equal(
      (await app.deps.db.select().from(timeTimerBreaks)).length,
      0,
      "the breaks go with the timer",
    );
  } finally {
    app.close();
  }
});

Deno.test("timer breaks: a break still running at the stop ends there; breakMinutes at the stop is added for what was not recorded", async () => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn(EMAIL);
    assert.equal((await call(app, token, "POST", "/start", {})).status, 201);
    app.clock.advance(90 * MIN); // 11:30
    assert.equal((await call(app, token, "POST", "/break/start", {})).status, 201);
    app.clock.advance(30 * MIN); // 12:00, clocked out during the break
    const r = await json(await call(app, token, "POST", "/stop", { breakMinutes: 15 }));
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.data.breakMinutes, 45);
    assert.equal(r.body.data.totalHours, 1.25);
    const [e] = await app.deps.db.select().from(timeEntries).where(eq(timeEntries.id, r.body.data.id));
    assert.equal(e.breakMinutes, 45);
  } finally {
    app.close();
  }
});

Deno.test("timer breaks: an older app's breakMinutes at the stop alone still records the break", async () => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn(EMAIL);
    assert.equal((await call(app, token, "POST", "/start", {})).status, 201);
    app.clock.advance(120 * MIN);
    const r = await json(await call(app, token, "POST", "/stop", { breakMinutes: 30 }));
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.data.breakMinutes, 30);
    assert.equal(r.body.data.totalHours, 1.5);
  } finally {
    app.close();
  }
});

Deno.test("timer breaks: a break end without a start, a second break start and a break outside the running timer are refused in four languages", async (t) => {
  // Now: 10:00 in Zurich on 18 November 2026; the timer starts at 10:00.
  const app = await makeTestApp();
  try {
    const token = await app.signIn(EMAIL);
    assert.equal((await call(app, token, "POST", "/start", {})).status, 201);
    app.clock.advance(60 * MIN); // 11:00

    const noBreak = {
      de: "Es läuft keine Pause, die Sie beenden könnten; beginnen Sie zuerst eine.",
      fr: "Aucune pause n'est en cours à terminer ; commencez-en d'abord une.",
      it: "Non c'è nessuna pausa in corso da terminare; ne inizi prima una.",
      en: "No break is running to end; start one first.",
    };
    const beforeStart = {
      de: "Die Pause am 18.11.2026 um 09:30 liegt vor dem Start der Zeiterfassung (am 18.11.2026 um 10:00).",
      fr: "La pause du 18.11.2026 à 09:30 précède le démarrage du chronomètre (le 18.11.2026 à 10:00).",
      it: "La pausa del 18.11.2026 alle 09:30 precede l'avvio del cronometro (il 18.11.2026 alle 10:00).",
      en: "The break at 09:30 on 18.11.2026 is before the timer's start (10:00 on 18.11.2026).",
    };
    const running = {
      de:
        "Ihre Pause läuft bereits seit dem 18.11.2026 um 11:00. Beenden Sie sie, bevor Sie eine neue beginnen.",
      fr: "Votre pause a déjà commencé le 18.11.2026 à 11:00. Terminez-la avant d'en commencer une autre.",
      it: "La sua pausa è già in corso dal 18.11.2026 alle 11:00. La termini prima di iniziarne un'altra.",
      en: "Your break has been running since 18.11.2026 11:00. End it before starting another.",
    };
    for (const lang of ["de", "fr", "it", "en"] as const) {
      await t.step(`${lang}: a break end without a start`, async () => {
        await speaks(app, lang);
        const r = await json(await call(app, token, "POST", "/break/end", {}));
        assert.equal(r.status, 409, JSON.stringify(r.body));
        assert.equal(r.body.reason, "timer_not_on_break");
        assert.equal(r.body.error, noBreak[lang]);
      });
      await t.step(`${lang}: a break before the timer's start`, async () => {
        await speaks(app, lang);
        const r = await json(
          await call(app, token, "POST", "/break/start", { startedAt: "2026-11-18T09:30:00+01:00" }),
        );
        assert.equal(r.status, 400, JSON.stringify(r.body));
        assert.equal(r.body.error, beforeStart[lang]);
        assert.deepEqual(r.body.fields, [{ field: "body.startedAt", message: beforeStart[lang] }]);
        assert.equal((await app.deps.db.select().from(timeTimerBreaks)).length, 0);
      });
    }

    assert.equal((await call(app, token, "POST", "/break/start", {})).status, 201); // 11:00
    for (const lang of ["de", "fr", "it", "en"] as const) {
      await t.step(`${lang}: a second break start while one runs`, async () => {
        await speaks(app, lang);
        const r = await json(await call(app, token, "POST", "/break/start", {}));
        assert.equal(r.status, 409, JSON.stringify(r.body));
        assert.equal(r.body.reason, "timer_on_break");
        assert.equal(r.body.error, running[lang]);
        assert.equal((await app.deps.db.select().from(timeTimerBreaks)).length, 1);
      });
    }

    await t.step("a break end before the break's start, naming endedAt", async () => {
      await speaks(app, "de");
      const r = await json(
        await call(app, token, "POST", "/break/end", { endedAt: "2026-11-18T10:45:00+01:00" }),
      );
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(
        r.body.error,
        "Das Ende der Pause am 18.11.2026 um 10:45 liegt vor ihrem Beginn (am 18.11.2026 um 11:00).",
      );
      assert.equal(fieldOf(r.body), "body.endedAt");
    });

    app.clock.advance(20 * MIN); // 11:20
    assert.equal((await call(app, token, "POST", "/break/end", {})).status, 200);

    await t.step("a break starting before the last one ended, naming startedAt", async () => {
      await speaks(app, "en");
      const r = await json(
        await call(app, token, "POST", "/break/start", { startedAt: "2026-11-18T11:10:00+01:00" }),
      );
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(
        r.body.error,
        "The break at 11:10 on 18.11.2026 starts before the end of your last break (11:20).",
      );
      assert.equal(fieldOf(r.body), "body.startedAt");
    });

    await t.step("a stop before a recorded break, naming stoppedAt; the timer keeps running", async () => {
      await speaks(app, "fr");
      const r = await json(
        await call(app, token, "POST", "/stop", { stoppedAt: "2026-11-18T11:05:00+01:00" }),
      );
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.body.error, "L'arrêt à 11:05 précède une pause enregistrée (le 18.11.2026 à 11:20).");
      assert.equal(fieldOf(r.body), "body.stoppedAt");
      assert.equal((await app.deps.db.select().from(timeTimers)).length, 1);
    });

    await t.step(
      "a break start or end outside the device bounds is refused as the clock events are",
      async () => {
        await speaks(app, "de");
        const r = await json(
          await call(app, token, "POST", "/break/start", { startedAt: "2026-11-18T13:00:00+01:00" }),
        );
        assert.equal(r.status, 400, JSON.stringify(r.body));
        assert.equal(fieldOf(r.body), "body.startedAt");
        assert.match(String(r.body.error), /mehr als 2 Minuten nach der aktuellen Zeit/);
      },
    );

    await t.step("without a running timer, a break start or end is timer_not_running", async () => {
      assert.equal((await call(app, token, "DELETE", "")).status, 200);
      for (const path of ["/break/start", "/break/end"]) {
        const r = await json(await call(app, token, "POST", path, {}));
        assert.equal(r.status, 409, `${path}: ${JSON.stringify(r.body)}`);
        assert.equal(r.body.reason, "timer_not_running");
      }
    });
  } finally {
    app.close();
  }
});

Deno.test("timer breaks: the OpenAPI document lists the break operations with their device moments", async () => {
  const app = await makeTestApp();
  try {
    const doc = await (await app.request("/api/v1/openapi.json")).json();
    const start = doc.paths["/api/v1/portal/employee/timer/break/start"]?.post ??
      doc.paths["/employee/timer/break/start"]?.post;
    const end = doc.paths["/api/v1/portal/employee/timer/break/end"]?.post ??
      doc.paths["/employee/timer/break/end"]?.post;
    assert.equal(start?.operationId, "startTimerBreak");
    assert.equal(end?.operationId, "endTimerBreak");
    assert.equal(doc.components.schemas.StartTimerBreakRequest.properties.startedAt.format, "date-time");
    assert.equal(doc.components.schemas.EndTimerBreakRequest.properties.endedAt.format, "date-time");
    assert.ok(doc.components.schemas.TimeTimer.required.includes("breaks"));
  } finally {
    app.close();
  }
});

Deno.test("timer breaks: the person's data export holds the running timer's breaks with both moments", async () => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn(EMAIL);
    assert.equal((await call(app, token, "POST", "/start", {})).status, 201);
    app.clock.advance(40 * MIN); // 10:40, the break began offline at 10:30
    const b = await call(app, token, "POST", "/break/start", { startedAt: "2026-11-18T10:30:00+01:00" });
    assert.equal(b.status, 201);
    const r = await app.request(`${BASE}/employee/data-exports`, { method: "POST", token });
    assert.equal(r.status, 201);
    const exp = (await r.json()).data;
    const dl = await app.request(`${BASE}/employee/data-exports/${exp.id}/archive`, { token });
    assert.equal(dl.status, 200);
    const files = unzipSync(new Uint8Array(await dl.arrayBuffer()));
    const data = JSON.parse(new TextDecoder().decode(files["data.json"]));
    assert.equal(data.time.runningTimer.length, 1);
    const breaks = data.time.runningTimerBreaks as Record<string, unknown>[];
    assert.equal(breaks.length, 1);
    assert.equal(breaks[0].timerId, data.time.runningTimer[0].id);
    assert.equal(breaks[0].startedAt, "2026-11-18T09:30:00.000Z");
    assert.equal(breaks[0].startReceivedAt, "2026-11-18T09:40:00.000Z");
  } finally {
    app.close();
  }
});
