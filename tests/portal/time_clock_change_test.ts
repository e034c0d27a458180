/**
 * Time entries across a daylight-saving change, through the portal: hours are the time that really elapsed
 * in Europe/Zurich (Zeitgesetz SR 941.299, Sommerzeitverordnung SR 941.299.1: summer time from the last Sunday
 * of March to the last Sunday of October, 2026: 29 March and 25 October), a clock time the change skips is
 * refused, one that happens twice is the first unless the stated total matches the second.
 */
import assert from "node:assert/strict";
import { json, makeTestApp, type TestApp } from "../_helpers.ts";

const BASE = "/api/v1/portal";

async function call(t: TestApp, token: string, method: string, path: string, body?: unknown) {
  return await json(
    await t.request(BASE + path, { method, token, ...(body !== undefined ? { json: body } : {}) }),
  );
}

Deno.test("time entries: 22:00–06:00 is 7 hours the night the clocks go forward and 9 the night they go back", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const spring = await call(t, token, "POST", "/employee/time-entries", {
      date: "2026-03-28",
      startTime: "22:00",
      endTime: "06:00",
    });
    assert.equal(spring.status, 201, JSON.stringify(spring.body));
    assert.equal(spring.body.data.totalHours, 7);

    const preview = await call(t, token, "POST", "/employee/time-entries/preview", {
      date: "2026-10-24",
      startTime: "22:00",
      endTime: "06:00",
      breakMinutes: 30,
    });
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.equal(preview.body.data.totalHours, 8.5);

    // The stated total that matches the elapsed time is taken; the clock times' 8 hours are not.
    const wrong = await call(t, token, "POST", "/employee/time-entries", {
      date: "2026-10-24",
      startTime: "22:00",
      endTime: "06:00",
      totalHours: 8,
    });
    assert.equal(wrong.status, 400);
    // The demo employee reads German.
    assert.equal(
      wrong.body.error,
      "Die angegebenen 8 Stunden passen nicht zu 22:00–06:00 abzüglich 0 Minuten Pause (9 h). Senden Sie den " +
        "passenden Wert oder lassen Sie totalHours weg.",
    );
    assert.deepEqual((wrong.body.fields as { field: string }[]).map((f) => f.field), ["body.totalHours"]);
    const autumn = await call(t, token, "POST", "/employee/time-entries", {
      date: "2026-10-24",
      startTime: "22:00",
      endTime: "06:00",
      totalHours: 9,
    });
    assert.equal(autumn.status, 201, JSON.stringify(autumn.body));
    assert.equal(autumn.body.data.totalHours, 9);
    assert.equal(autumn.body.data.note, undefined);
  } finally {
    await t.close();
  }
});

Deno.test("time entries: 02:30 on 29 March 2026 is refused with a message, nothing recorded; 02:30 on 25 October is the first, said", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const before = await call(t, token, "GET", "/employee/time-entries?from=2026-03-28&to=2026-03-29");
    const gap = await call(t, token, "POST", "/employee/time-entries", {
      date: "2026-03-29",
      startTime: "02:30",
      endTime: "07:00",
    });
    assert.equal(gap.status, 400);
    assert.equal(
      gap.body.error,
      "Die Startzeit 02:30 gibt es am 29.03.2026 in der Zeitzone Europe/Zurich nicht: In jener Nacht wird die " +
        "Uhr vorgestellt und überspringt sie. Geben Sie die Zeit ein, welche die Uhr zeigte (eine Stunde später).",
    );
    assert.deepEqual((gap.body.fields as { field: string }[]).map((f) => f.field), ["body.startTime"]);
    const after = await call(t, token, "GET", "/employee/time-entries?from=2026-03-28&to=2026-03-29");
    assert.equal(after.body.data.count, before.body.data.count);

    const twice = await call(t, token, "POST", "/employee/time-entries", {
      date: "2026-10-25",
      startTime: "02:30",
      endTime: "06:00",
    });
    assert.equal(twice.status, 201, JSON.stringify(twice.body));
    // From the first 02:30 (summer time) to 06:00 (winter time): 4.5 hours.
    assert.equal(twice.body.data.totalHours, 4.5);
    assert.match(
      twice.body.data.note,
      /startTime 02:30 on 2026-10-25 happened twice .* taken as the first, UTC\+2/,
    );
  } finally {
    await t.close();
  }
});

Deno.test("time entries: the overlap check compares elapsed time, so the second 02:15 of the autumn night follows a shift ending at the first 02:30", async () => {
  // Sommerzeitverordnung (SR 941.299.1): on 25 October 2026 the clocks go back from 03:00 summer time to
  // 02:00, so 02:00–02:59 happens twice. 00:30–02:30 (the first 02:30) ends at 00:30 UTC; 02:15–04:00 read
  // with the second 02:15 (1.75 h, as the stated total says) starts at 01:15 UTC: no minute is shared.
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const first = await call(t, token, "POST", "/employee/time-entries", {
      date: "2026-10-25",
      startTime: "00:30",
      endTime: "02:30",
    });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body.data.totalHours, 2);
    const preview = await call(t, token, "POST", "/employee/time-entries/preview", {
      date: "2026-10-25",
      startTime: "02:15",
      endTime: "04:00",
      totalHours: 1.75,
    });
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    // Read with the first 02:15 (summer time) it starts a quarter of an hour before the first entry ends.
    const overlapping = await call(t, token, "POST", "/employee/time-entries", {
      date: "2026-10-25",
      startTime: "02:15",
      endTime: "04:00",
    });
    assert.equal(overlapping.status, 409, JSON.stringify(overlapping.body));
    const second = await call(t, token, "POST", "/employee/time-entries", {
      date: "2026-10-25",
      startTime: "02:15",
      endTime: "04:00",
      totalHours: 1.75,
    });
    assert.equal(second.status, 201, JSON.stringify(second.body));
    assert.equal(second.body.data.totalHours, 1.75);
  } finally {
    t.close();
  }
});

// 25 October 2026, the clocks go back at 03:00 CEST to 02:00 CET (Sommerzeitverordnung SR 941.299.1).
Deno.test("timer: clocked in at 02:48 summer time, out 24 minutes later at 02:12 winter time: 24 minutes", async (ctx) => {
  const t = await makeTestApp({ now: "2026-10-25T00:48:00Z" });
  try {
    const token = await t.signIn("employee@demo.example");
    const start = async () => {
      t.clock.set("2026-10-25T00:48:00Z");
      const s = await call(t, token, "POST", "/employee/timer/start", {});
      assert.equal(s.status, 201, JSON.stringify(s.body));
      assert.equal(s.body.data.startTime, "02:48");
      t.clock.set("2026-10-25T01:12:00Z");
    };
    await ctx.step("a stop at 02:12 CET records the 24 minutes that elapsed", async () => {
      await start();
      const stop = await call(t, token, "POST", "/employee/timer/stop", {});
      assert.equal(stop.status, 201, JSON.stringify(stop.body));
      assert.equal(stop.body.data.date, "2026-10-25");
      assert.equal(stop.body.data.startTime, "02:48");
      assert.equal(stop.body.data.endTime, "02:12");
      assert.equal(stop.body.data.totalHours, 0.4);
      const del = await t.request(`${BASE}/employee/time-entries/${stop.body.data.id}`, {
        method: "DELETE",
        token,
      });
      assert.equal(del.status, 200, await del.text());
    });
    await ctx.step(
      "a stop naming 02:59, the summer-time minute already past, records 11 minutes",
      async () => {
        await start();
        const stop = await call(t, token, "POST", "/employee/timer/stop", { endTime: "02:59" });
        assert.equal(stop.status, 201, JSON.stringify(stop.body));
        assert.equal(stop.body.data.endTime, "02:59");
        assert.equal(stop.body.data.totalHours, 0.18);
        await t.request(`${BASE}/employee/time-entries/${stop.body.data.id}`, { method: "DELETE", token })
          .then((r) => r.body?.cancel());
      },
    );
    await ctx.step("a stop naming 02:30, the winter-time minute still to come, is after now", async () => {
      await start();
      // 02:30 CEST was before the start, 02:30 CET is still to come.
      const stop = await call(t, token, "POST", "/employee/timer/stop", { endTime: "02:30" });
      assert.equal(stop.status, 400, JSON.stringify(stop.body));
      assert.deepEqual((stop.body.fields as { field: string }[]).map((f) => f.field), ["body.endTime"]);
      const left = await call(t, token, "DELETE", "/employee/timer");
      assert.equal(left.status, 200, "the timer kept running");
    });
  } finally {
    await t.close();
  }
});

Deno.test("timer: a clock-in at the second 02:15 of the autumn night follows a shift ending at the first 02:30", async (ctx) => {
  // Sommerzeitverordnung (SR 941.299.1): on 25 October 2026 the clocks go back from 03:00 summer time to
  // 02:00, so 02:00–02:59 happens twice. 00:30–02:30 (the first 02:30) ends at 00:30 UTC; a clock-in at the
  // second 02:15 is 01:15 UTC, 45 minutes later: no minute is shared, whichever way the moment is known.
  const cases = [
    { what: "the service's own moment", now: "2026-10-25T01:15:00Z", body: {} },
    {
      what: "the device's moment with its winter-time offset",
      now: "2026-10-25T01:40:00Z",
      body: { startedAt: "2026-10-25T02:15:00+01:00" },
    },
  ];
  for (const c of cases) {
    await ctx.step(c.what, async () => {
      const t = await makeTestApp({ now: "2026-10-25T00:40:00Z" });
      try {
        const token = await t.signIn("employee@demo.example");
        const first = await call(t, token, "POST", "/employee/time-entries", {
          date: "2026-10-25",
          startTime: "00:30",
          endTime: "02:30",
        });
        assert.equal(first.status, 201, JSON.stringify(first.body));
        t.clock.set(c.now);
        const s = await call(t, token, "POST", "/employee/timer/start", c.body);
        assert.equal(s.status, 201, JSON.stringify(s.body));
        assert.equal(s.body.data.startTime, "02:15");
        assert.equal(s.body.data.startedAt, "2026-10-25T01:15:00.000Z");
        // Stopped at 03:00 winter time: 45 minutes, the second 02:15 to 03:00.
        t.clock.set("2026-10-25T02:00:00Z");
        const r = await call(t, token, "POST", "/employee/timer/stop", {});
        assert.equal(r.status, 201, JSON.stringify(r.body));
        assert.equal(r.body.data.startTime, "02:15");
        assert.equal(r.body.data.endTime, "03:00");
        assert.equal(r.body.data.totalHours, 0.75);
      } finally {
        t.close();
      }
    });
  }

  await ctx.step(
    "the device's moment with its summer-time offset is the first 02:15: inside the shift",
    async () => {
      const t = await makeTestApp({ now: "2026-10-25T00:40:00Z" });
      try {
        const token = await t.signIn("employee@demo.example");
        const first = await call(t, token, "POST", "/employee/time-entries", {
          date: "2026-10-25",
          startTime: "00:30",
          endTime: "02:30",
        });
        assert.equal(first.status, 201, JSON.stringify(first.body));
        const s = await call(t, token, "POST", "/employee/timer/start", {
          startedAt: "2026-10-25T02:15:00+02:00",
        });
        assert.equal(s.status, 409, JSON.stringify(s.body));
        assert.equal(s.body.reason, "time_entry_overlap");
      } finally {
        t.close();
      }
    },
  );
});
