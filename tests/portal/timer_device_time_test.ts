/**
 * Clock events with the device's moment: a phone that clocked in or out offline sends when it happened
 * (`startedAt`, `stoppedAt`); the service takes it within 2 minutes ahead of its own clock and 12 hours back,
 * keeps the moment it received the event beside it, and refuses anything outside, naming the field in the
 * person's language.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { timeEntries, timeTimers } from "../../src/db/schema/mod.ts";
import { json, makeTestApp, type TestApp } from "../_helpers.ts";
import { call, EMAIL, fieldOf, speaks } from "./_timer.ts";

const MIN = 60_000;

async function timers(t: TestApp) {
  return await t.deps.db.select().from(timeTimers);
}

Deno.test("timer device time: an offline clock-in sent 40 minutes late is recorded at the device's moment, both moments kept", async () => {
  // Tests' clock: Wednesday 18 November 2026, 10:00 in Zurich (UTC+1).
  const app = await makeTestApp();
  try {
    const token = await app.signIn(EMAIL);
    app.clock.advance(40 * MIN); // the phone comes back online at 10:40
    const s = await json(
      await call(app, token, "POST", "/start", { startedAt: "2026-11-18T10:00:00+01:00" }),
    );
    assert.equal(s.status, 201, JSON.stringify(s.body));
    assert.equal(s.body.data.startedAt, "2026-11-18T09:00:00.000Z");
    assert.equal(s.body.data.date, "2026-11-18");
    assert.equal(s.body.data.startTime, "10:00");
    assert.equal(s.body.data.elapsedMinutes, 40);
    const [t] = await timers(app);
    assert.equal(t.startedAt, Date.parse("2026-11-18T09:00:00Z"), "the device's moment");
    assert.equal(t.receivedAt, Date.parse("2026-11-18T09:40:00Z"), "the service's receipt");

    // Clocked out offline at 12:00, synced at 12:10.
    app.clock.set("2026-11-18T11:10:00.000Z");
    const r = await json(
      await call(app, token, "POST", "/stop", { stoppedAt: "2026-11-18T12:00:00+01:00", breakMinutes: 15 }),
    );
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.data.date, "2026-11-18");
    assert.equal(r.body.data.startTime, "10:00");
    assert.equal(r.body.data.endTime, "12:00");
    assert.equal(r.body.data.totalHours, 1.75);
    const [e] = await app.deps.db.select().from(timeEntries).where(eq(timeEntries.id, r.body.data.id));
    assert.equal(e.clockInAt, Date.parse("2026-11-18T09:00:00Z"));
    assert.equal(e.clockInReceivedAt, Date.parse("2026-11-18T09:40:00Z"));
    assert.equal(e.clockOutAt, Date.parse("2026-11-18T11:00:00Z"));
    assert.equal(e.clockOutReceivedAt, Date.parse("2026-11-18T11:10:00Z"));
    assert.equal((await timers(app)).length, 0);
  } finally {
    app.close();
  }
});

Deno.test("timer device time: without a device moment both are the service's", async () => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn(EMAIL);
    assert.equal((await call(app, token, "POST", "/start", {})).status, 201);
    const [t] = await timers(app);
    assert.equal(t.startedAt, Date.parse("2026-11-18T09:00:00Z"));
    assert.equal(t.receivedAt, Date.parse("2026-11-18T09:00:00Z"));
    app.clock.advance(30 * MIN);
    const r = await json(await call(app, token, "POST", "/stop", {}));
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const [e] = await app.deps.db.select().from(timeEntries).where(eq(timeEntries.id, r.body.data.id));
    assert.equal(e.clockInAt, Date.parse("2026-11-18T09:00:00Z"));
    assert.equal(e.clockOutAt, Date.parse("2026-11-18T09:30:00Z"));
    assert.equal(e.clockOutReceivedAt, Date.parse("2026-11-18T09:30:00Z"));
  } finally {
    app.close();
  }
});

Deno.test("timer device time: a startedAt 3 hours ahead or 2 days back is refused, naming the field, in German and French", async (t) => {
  // Now: 10:00 in Zurich on 18 November 2026.
  const app = await makeTestApp();
  try {
    const token = await app.signIn(EMAIL);
    const cases = [
      {
        lang: "de",
        startedAt: "2026-11-18T13:00:00+01:00",
        message: "Der Zeitpunkt 18.11.2026 13:00 liegt mehr als 2 Minuten nach der aktuellen Zeit (10:00); " +
          "prüfen Sie die Uhr des Geräts.",
      },
      {
        lang: "de",
        startedAt: "2026-11-16T10:00:00+01:00",
        message:
          "Der Zeitpunkt 16.11.2026 10:00 liegt mehr als 12 Stunden zurück; erfassen Sie diese Zeit von Hand.",
      },
      {
        lang: "fr",
        startedAt: "2026-11-18T13:00:00+01:00",
        message: "L'instant du 18.11.2026 à 13:00 dépasse de plus de 2 minutes l'heure actuelle (10:00) ; " +
          "vérifiez l'horloge de l'appareil.",
      },
      {
        lang: "fr",
        startedAt: "2026-11-16T10:00:00+01:00",
        message:
          "L'instant du 16.11.2026 à 10:00 remonte à plus de 12 heures ; saisissez ce temps à la main.",
      },
    ];
    for (const c of cases) {
      await t.step(`${c.lang} ${c.startedAt}`, async () => {
        await speaks(app, c.lang);
        const r = await json(await call(app, token, "POST", "/start", { startedAt: c.startedAt }));
        assert.equal(r.status, 400, JSON.stringify(r.body));
        assert.equal(r.body.error, c.message);
        assert.deepEqual(r.body.fields, [{ field: "body.startedAt", message: c.message }]);
        assert.equal((await timers(app)).length, 0);
      });
    }

    await t.step("not a moment with its offset: the field named", async () => {
      await speaks(app, "de");
      for (const startedAt of ["gestern", "2026-11-18T10:00:00"]) {
        const r = await json(await call(app, token, "POST", "/start", { startedAt }));
        assert.equal(r.status, 400, JSON.stringify(r.body));
        assert.equal(fieldOf(r.body), "body.startedAt");
      }
    });

    await t.step("the bounds themselves are taken: 2 minutes ahead, 12 hours back", async () => {
      for (
        const [startedAt, startTime] of [
          ["2026-11-18T10:02:00+01:00", "10:02"],
          ["2026-11-17T22:00:00+01:00", "22:00"],
        ]
      ) {
        const r = await json(await call(app, token, "POST", "/start", { startedAt }));
        assert.equal(r.status, 201, JSON.stringify(r.body));
        assert.equal(r.body.data.startTime, startTime);
        assert.equal((await json(await call(app, token, "DELETE", ""))).status, 200);
      }
      for (const startedAt of ["2026-11-18T10:02:01+01:00", "2026-11-17T21:59:59+01:00"]) {
        const r = await json(await call(app, token, "POST", "/start", { startedAt }));
        assert.equal(r.status, 400, `${startedAt}: ${JSON.stringify(r.body)}`);
        assert.equal(fieldOf(r.body), "body.startedAt");
      }
    });
  } finally {
    app.close();
  }
});

Deno.test("timer device time: a stoppedAt not after the start, outside its bounds or beside endTime is refused; the timer keeps running", async (t) => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn(EMAIL);
    app.clock.advance(40 * MIN); // 10:40
    const s = await json(
      await call(app, token, "POST", "/start", { startedAt: "2026-11-18T10:00:00+01:00" }),
    );
    assert.equal(s.status, 201, JSON.stringify(s.body));

    await t.step("before the start, in German and French", async () => {
      for (
        const [lang, message] of [
          [
            "de",
            "Der Stopp am 18.11.2026 um 09:50 liegt nicht nach dem Start der Zeiterfassung (am 18.11.2026 um 10:00).",
          ],
          [
            "fr",
            "L'arrêt du 18.11.2026 à 09:50 n'est pas après le démarrage du chronomètre (le 18.11.2026 à 10:00).",
          ],
        ]
      ) {
        await speaks(app, lang);
        const r = await json(
          await call(app, token, "POST", "/stop", { stoppedAt: "2026-11-18T09:50:00+01:00" }),
        );
        assert.equal(r.status, 400, JSON.stringify(r.body));
        assert.equal(r.body.error, message);
        assert.deepEqual(r.body.fields, [{ field: "body.stoppedAt", message }]);
        assert.equal((await timers(app)).length, 1, "the timer keeps running");
      }
    });

    await t.step("3 hours ahead", async () => {
      await speaks(app, "de");
      const r = await json(
        await call(app, token, "POST", "/stop", { stoppedAt: "2026-11-18T13:40:00+01:00" }),
      );
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(fieldOf(r.body), "body.stoppedAt");
      assert.equal((await timers(app)).length, 1);
    });

    await t.step("together with endTime", async () => {
      const r = await json(
        await call(app, token, "POST", "/stop", { stoppedAt: "2026-11-18T10:30:00+01:00", endTime: "10:30" }),
      );
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(
        r.body.error,
        "Senden Sie entweder den Zeitpunkt des Stopps (stoppedAt) oder die Endzeit (endTime), nicht beides.",
      );
      assert.equal(fieldOf(r.body), "body.stoppedAt");
      assert.equal((await timers(app)).length, 1);
    });

    await t.step("after the start, it is taken", async () => {
      const r = await json(
        await call(app, token, "POST", "/stop", { stoppedAt: "2026-11-18T10:30:00+01:00" }),
      );
      assert.equal(r.status, 201, JSON.stringify(r.body));
      assert.equal(r.body.data.endTime, "10:30");
      assert.equal(r.body.data.totalHours, 0.5);
    });
  } finally {
    app.close();
  }
});

Deno.test("timer device time: offline across the night the clocks go back, the hours are those that really elapsed", async () => {
  // Sunday 25 October 2026 in Zurich: the clocks go back from 03:00 summer time to 02:00 winter time.
  // Clocked in offline at 01:30 summer time, synced 40 minutes later.
  const app = await makeTestApp({ now: "2026-10-25T00:10:00.000Z" });
  try {
    const token = await app.signIn(EMAIL);
    const s = await json(
      await call(app, token, "POST", "/start", { startedAt: "2026-10-25T01:30:00+02:00" }),
    );
    assert.equal(s.status, 201, JSON.stringify(s.body));
    assert.equal(s.body.data.startTime, "01:30");
    // Clocked out offline at 02:45 winter time (2 hours 15 minutes later), synced at 02:50.
    app.clock.set("2026-10-25T01:50:00.000Z");
    const r = await json(
      await call(app, token, "POST", "/stop", { stoppedAt: "2026-10-25T02:45:00+01:00" }),
    );
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.data.startTime, "01:30");
    assert.equal(r.body.data.endTime, "02:45");
    assert.equal(r.body.data.totalHours, 2.25);
  } finally {
    app.close();
  }
});

Deno.test("timer device time: the OpenAPI document shows startedAt and stoppedAt with their bounds", async () => {
  const app = await makeTestApp();
  try {
    const doc = await (await app.request("/api/v1/openapi.json")).json();
    for (
      const [schema, field] of [["StartTimerRequest", "startedAt"], ["StopTimerRequest", "stoppedAt"]]
    ) {
      const p = doc.components.schemas[schema].properties[field];
      assert.equal(p.type, "string", `${schema}.${field}`);
      assert.equal(p.format, "date-time");
      assert.match(p.description, /2 minutes after/);
      assert.match(p.description, /12 hours before/);
      assert.ok(!doc.components.schemas[schema].required?.includes(field), `${field} stays optional`);
    }
  } finally {
    app.close();
  }
});
