/**
 * Clock in, clock out: one running timer per person, stopped into a DRAFT time entry by the same service as
 * `POST /employee/time-entries`; refused across midnight (local time of the configured zone), over an
 * existing entry, twice, or without a timer; retried with an Idempotency-Key like every creating POST.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { timeEntries, timeTimers, users } from "../../src/db/schema/mod.ts";
import { json, makeTestApp, type TestApp } from "../_helpers.ts";
import { addPerson } from "../_people.ts";

const BASE = "/api/v1/portal";
const MIN = 60_000;

function call(
  t: TestApp,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers?: HeadersInit,
) {
  return t.request(`${BASE}/employee/timer${path}`, {
    method,
    token,
    headers,
    ...(body === undefined ? {} : { json: body }),
  });
}

async function entriesOf(t: TestApp, employeeId: string) {
  return await t.deps.db.select().from(timeEntries).where(eq(timeEntries.employeeId, employeeId));
}

async function employeeIdOf(t: TestApp, email: string): Promise<string> {
  const [u] = await t.deps.db.select({ e: users.employeeId }).from(users).where(eq(users.email, email));
  return u.e!;
}

async function timers(t: TestApp) {
  return await t.deps.db.select().from(timeTimers);
}

Deno.test("timer: start, read, stop into a draft entry with its break, visible in the week", async (t) => {
  // Tests' clock: Wednesday 18 November 2026, 10:00 in Zurich.
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const me = await employeeIdOf(app, "employee@demo.example");
    const before = await entriesOf(app, me);

    await t.step("no timer at first", async () => {
      const r = await json(await call(app, token, "GET", ""));
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.data, { timer: null });
    });

    let timerId = "";
    await t.step("start: the local minute in Zurich, REGULAR unless said", async () => {
      app.clock.advance(25_000);
      const r = await json(await call(app, token, "POST", "/start", { projectCode: "PLAT-OPS" }));
      assert.equal(r.status, 201, JSON.stringify(r.body));
      assert.equal(r.body.data.date, "2026-11-18");
      assert.equal(r.body.data.startTime, "10:00");
      assert.equal(r.body.data.startedAt, "2026-11-18T09:00:25.000Z");
      assert.equal(r.body.data.type, "REGULAR");
      assert.equal(r.body.data.projectCode, "PLAT-OPS");
      assert.equal(r.body.data.elapsedMinutes, 0);
      timerId = r.body.data.id;
    });

    await t.step("read: the running timer with the minutes elapsed, private to the device", async () => {
      app.clock.advance(47 * MIN);
      const r = await call(app, token, "GET", "");
      assert.equal(r.headers.get("cache-control"), "private, no-cache");
      const body = (await r.json()).data;
      assert.equal(body.timer.id, timerId);
      assert.equal(body.timer.elapsedMinutes, 47);
    });

    await t.step("a second start is refused and names the running timer", async () => {
      const r = await json(await call(app, token, "POST", "/start", {}));
      assert.equal(r.status, 409);
      assert.equal(r.body.reason, "timer_running");
      assert.equal(r.body.conflictingId, timerId);
      // The demo employee reads German.
      assert.equal(
        r.body.error,
        "Ihre Zeiterfassung läuft bereits seit dem 18.11.2026 um 10:00. Stoppen oder verwerfen Sie sie, bevor " +
          "Sie eine neue starten.",
      );
      assert.equal((await timers(app)).length, 1);
    });

    await t.step("stop: a DRAFT entry from the start minute to now, less the break", async () => {
      app.clock.advance(73 * MIN); // 12:00:25
      const r = await json(
        await call(app, token, "POST", "/stop", { breakMinutes: 15, description: "Release" }),
      );
      assert.equal(r.status, 201, JSON.stringify(r.body));
      const e = r.body.data;
      assert.equal(e.date, "2026-11-18");
      assert.equal(e.startTime, "10:00");
      assert.equal(e.endTime, "12:00");
      assert.equal(e.breakMinutes, 15);
      assert.equal(e.totalHours, 1.75);
      assert.equal(e.status, "DRAFT");
      assert.equal(e.projectCode, "PLAT-OPS");
      assert.equal(e.description, "Release");
      assert.equal((await timers(app)).length, 0);
      assert.equal((await entriesOf(app, me)).length, before.length + 1);
    });

    await t.step("the entry is one like any other: read, listed, counted in the week", async () => {
      const week =
        (await json(await app.request(`${BASE}/employee/time-weeks/2026-11-16`, { token }))).body.data;
      const e = week.entries.find((x: { startTime: string; date: string }) =>
        x.date === "2026-11-18" && x.startTime === "10:00"
      );
      assert.ok(e);
      assert.equal(e.status, "DRAFT");
      assert.equal((await json(await call(app, token, "GET", ""))).body.data.timer, null);
    });

    await t.step("the summary keeps exactly the contract's fields", async () => {
      const s = (await json(await app.request(`${BASE}/employee/summary`, { token }))).body.data;
      assert.deepEqual(Object.keys(s).sort(), [
        "latestPayslipPeriod",
        "leave",
        "nextPayoutDate",
        "timesheet",
        "todos",
      ]);
    });

    await t.step("stop and discard without a timer are refused", async () => {
      for (const [method, path] of [["POST", "/stop"], ["DELETE", ""]] as const) {
        const r = await json(await call(app, token, method, path, method === "POST" ? {} : undefined));
        assert.equal(r.status, 409);
        assert.equal(r.body.reason, "timer_not_running");
        assert.equal(r.body.error, "Es läuft keine Zeiterfassung.");
      }
      assert.equal((await entriesOf(app, me)).length, before.length + 1);
    });

    await t.step("discard: nothing is recorded", async () => {
      const s = await json(await call(app, token, "POST", "/start", {}));
      assert.equal(s.status, 201);
      app.clock.advance(30 * MIN);
      const r = await json(await call(app, token, "DELETE", ""));
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.data, { id: s.body.data.id, discarded: true });
      assert.equal((await timers(app)).length, 0);
      assert.equal((await entriesOf(app, me)).length, before.length + 1);
    });

    await t.step("a colleague's timer is their own", async () => {
      const manager = await app.signIn("manager@demo.example");
      const s = await json(await call(app, manager, "POST", "/start", {}));
      assert.equal(s.status, 201);
      assert.equal((await json(await call(app, token, "GET", ""))).body.data.timer, null);
      assert.equal((await json(await call(app, token, "DELETE", ""))).status, 409);
      assert.equal((await timers(app)).length, 1);
    });
  } finally {
    app.close();
  }
});

Deno.test("timer: refused across midnight, over an entry, within a minute; the timer stays after a refusal", async (t) => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const me = await employeeIdOf(app, "employee@demo.example");
    const count = async () => (await entriesOf(app, me)).length;
    const n0 = await count();

    await t.step("stopped in the minute it started: timer_too_short", async () => {
      assert.equal((await call(app, token, "POST", "/start", {})).status, 201);
      app.clock.advance(40_000);
      const r = await json(await call(app, token, "POST", "/stop", {}));
      assert.equal(r.status, 409);
      assert.equal(r.body.reason, "timer_too_short");
      assert.equal((await timers(app)).length, 1);
      assert.equal((await json(await call(app, token, "DELETE", ""))).status, 200);
    });

    await t.step("a start inside an existing entry is refused as an overlap", async () => {
      const e = await json(
        await app.request(`${BASE}/employee/time-entries`, {
          method: "POST",
          token,
          json: { date: "2026-11-18", startTime: "09:30", endTime: "10:30" },
        }),
      );
      assert.equal(e.status, 201, JSON.stringify(e.body));
      const r = await json(await call(app, token, "POST", "/start", {}));
      assert.equal(r.status, 409);
      assert.equal(r.body.reason, "time_entry_overlap");
      assert.equal(r.body.conflictingId, e.body.data.id);
      assert.equal((await timers(app)).length, 0);
      // Out of the way for the next steps.
      await app.request(`${BASE}/employee/time-entries/${e.body.data.id}`, { method: "DELETE", token });
    });

    await t.step(
      "a stop over an entry recorded meanwhile is refused; stopped before it, it is taken",
      async () => {
        app.clock.set("2026-11-18T12:00:00.000Z"); // 13:00 in Zurich
        assert.equal((await call(app, token, "POST", "/start", {})).status, 201);
        const e = await json(
          await app.request(`${BASE}/employee/time-entries`, {
            method: "POST",
            token,
            json: { date: "2026-11-18", startTime: "14:00", endTime: "15:00" },
          }),
        );
        assert.equal(e.status, 201);
        app.clock.set("2026-11-18T15:00:00.000Z"); // 16:00
        const n = await count();
        const r = await json(await call(app, token, "POST", "/stop", {}));
        assert.equal(r.status, 409);
        assert.equal(r.body.reason, "time_entry_overlap");
        assert.equal(r.body.conflictingId, e.body.data.id);
        assert.equal((await timers(app)).length, 1, "the timer keeps running");
        assert.equal(await count(), n);
        const ok = await json(await call(app, token, "POST", "/stop", { endTime: "14:00" }));
        assert.equal(ok.status, 201, JSON.stringify(ok.body));
        assert.equal(ok.body.data.startTime, "13:00");
        assert.equal(ok.body.data.endTime, "14:00");
        assert.equal(ok.body.data.totalHours, 1);
      },
    );

    await t.step("a break as long as the span is refused, and the timer stays", async () => {
      app.clock.set("2026-11-18T16:00:00.000Z"); // 17:00
      assert.equal((await call(app, token, "POST", "/start", {})).status, 201);
      app.clock.advance(30 * MIN);
      const n = await count();
      const r = await json(await call(app, token, "POST", "/stop", { breakMinutes: 45 }));
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal((await timers(app)).length, 1);
      assert.equal(await count(), n);
    });

    await t.step("an endTime not after the start, or later than now, is refused", async () => {
      // The demo employee reads German; the refusal names the field the app sent.
      for (
        const [endTime, message] of [
          [
            "17:00",
            "Die Endzeit 17:00 liegt nicht nach dem Start der Zeiterfassung (am 18.11.2026 um 17:00).",
          ],
          ["18:00", "Die Endzeit 18:00 liegt nach der aktuellen Zeit (17:30)."],
        ]
      ) {
        const r = await json(await call(app, token, "POST", "/stop", { endTime }));
        assert.equal(r.status, 400);
        assert.equal(r.body.error, message);
        assert.deepEqual(r.body.fields, [{ field: "body.endTime", message }]);
      }
      assert.equal((await timers(app)).length, 1);
      assert.equal((await json(await call(app, token, "DELETE", ""))).status, 200);
    });

    await t.step(
      "past midnight in Zurich: refused without endTime, taken with the end of that day",
      async () => {
        app.clock.set("2026-11-18T21:30:00.000Z"); // 22:30 in Zurich
        assert.equal((await call(app, token, "POST", "/start", { type: "OVERTIME" })).status, 201);
        app.clock.set("2026-11-18T23:10:00.000Z"); // 00:10 on Thursday in Zurich, still Wednesday in UTC
        const n = await count();
        const r = await json(await call(app, token, "POST", "/stop", {}));
        assert.equal(r.status, 409);
        assert.equal(r.body.reason, "timer_across_midnight");
        assert.match(String(r.body.error), /seit dem 18\.11\.2026 um 22:30, also über Mitternacht/);
        assert.equal(await count(), n);
        assert.equal((await timers(app)).length, 1);
        const ok = await json(await call(app, token, "POST", "/stop", { endTime: "23:45", breakMinutes: 0 }));
        assert.equal(ok.status, 201, JSON.stringify(ok.body));
        assert.equal(ok.body.data.date, "2026-11-18");
        assert.equal(ok.body.data.startTime, "22:30");
        assert.equal(ok.body.data.endTime, "23:45");
        assert.equal(ok.body.data.type, "OVERTIME");
        assert.equal((await timers(app)).length, 0);
      },
    );

    await t.step("invalid bodies are refused naming the field", async () => {
      for (
        const [path, body, field] of [
          ["/start", { type: "NAP" }, "body.type"],
          ["/start", { projectCode: "has spaces" }, "body.projectCode"],
          ["/start", { startTime: "08:00" }, "body.startTime"],
          ["/stop", { breakMinutes: 1.5 }, "body.breakMinutes"],
          ["/stop", { endTime: "25:00" }, "body.endTime"],
        ] as const
      ) {
        const r = await json(await call(app, token, "POST", path, body));
        assert.equal(r.status, 400, JSON.stringify(body));
        assert.ok(
          (r.body.fields as { field: string }[]).some((f) => f.field.startsWith(field)),
          JSON.stringify(r.body),
        );
      }
      assert.equal((await timers(app)).length, 0);
      // The entry recorded by hand at 14:00 and the two stopped timers.
      assert.equal(await count(), n0 + 3);
    });

    await t.step("without a session 401; an account without an employee record 404", async () => {
      assert.equal((await call(app, "x", "GET", "")).status, 401);
      const nolink = await app.signIn("nolink@demo.example");
      for (const [method, path] of [["GET", ""], ["POST", "/start"], ["POST", "/stop"], ["DELETE", ""]]) {
        const r = await call(app, nolink, method, path, method === "POST" ? {} : undefined);
        assert.equal(r.status, 404, `${method} ${path}`);
        await r.body?.cancel();
      }
    });
  } finally {
    app.close();
  }
});

Deno.test("timer: an Idempotency-Key replays the start and the stop; another body under it is refused", async () => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const me = await employeeIdOf(app, "employee@demo.example");
    const key = { "Idempotency-Key": "start-7f3a9c1e-2b4d" };
    const first = await call(app, token, "POST", "/start", {}, key);
    assert.equal(first.status, 201);
    const firstBody = await first.text();
    const again = await call(app, token, "POST", "/start", {}, key);
    assert.equal(again.status, 201);
    assert.equal(again.headers.get("idempotent-replayed"), "true");
    assert.equal(await again.text(), firstBody);
    const other = await call(app, token, "POST", "/start", { type: "OVERTIME" }, key);
    assert.equal(other.status, 422);
    await other.body?.cancel();
    assert.equal((await timers(app)).length, 1);

    app.clock.advance(90 * MIN);
    const n = (await entriesOf(app, me)).length;
    const stopKey = { "Idempotency-Key": "stop-0c5e8d2a-91f4" };
    const stop = await call(app, token, "POST", "/stop", { breakMinutes: 10 }, stopKey);
    assert.equal(stop.status, 201);
    const stopBody = await stop.text();
    const retry = await call(app, token, "POST", "/stop", { breakMinutes: 10 }, stopKey);
    assert.equal(retry.status, 201);
    assert.equal(retry.headers.get("idempotent-replayed"), "true");
    assert.equal(await retry.text(), stopBody);
    assert.equal((await entriesOf(app, me)).length, n + 1, "one entry, not two");
  } finally {
    app.close();
  }
});

Deno.test("timer: the local day and minute follow TIME_ZONE; on an empty installation too", async () => {
  // 09:00 UTC is 18:00 in Tokyo.
  const app = await makeTestApp({ demo: false, env: { TIME_ZONE: "Asia/Tokyo" } });
  try {
    const person = await addPerson(app, { managerId: null, language: "en" });
    const token = await app.signIn(person.email);
    const s = await json(await call(app, token, "POST", "/start", {}));
    assert.equal(s.status, 201, JSON.stringify(s.body));
    assert.equal(s.body.data.date, "2026-11-18");
    assert.equal(s.body.data.startTime, "18:00");
    // 00:05 in Tokyo: the next day there.
    app.clock.set("2026-11-18T15:05:00.000Z");
    const r = await json(await call(app, token, "POST", "/stop", {}));
    assert.equal(r.status, 409);
    assert.equal(r.body.reason, "timer_across_midnight");
    assert.match(
      String(r.body.error),
      /^Your timer has been running since 18\.11\.2026 18:00, past midnight/,
    );
    const ok = await json(await call(app, token, "POST", "/stop", { endTime: "20:30" }));
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(ok.body.data.totalHours, 2.5);
  } finally {
    app.close();
  }
});

Deno.test("timer: the night the clocks go back, the hours are those that really elapsed", async () => {
  // 01:30 summer time in Zurich on Sunday 25 October 2026; the clocks go back from 03:00 to 02:00.
  const app = await makeTestApp({ now: "2026-10-24T23:30:00.000Z" });
  try {
    const token = await app.signIn("employee@demo.example");
    const s = await json(await call(app, token, "POST", "/start", {}));
    assert.equal(s.status, 201, JSON.stringify(s.body));
    assert.equal(s.body.data.startTime, "01:30");
    // 02:45 winter time: 2 hours 15 minutes later.
    app.clock.set("2026-10-25T01:45:00.000Z");
    const r = await json(await call(app, token, "POST", "/stop", {}));
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.data.startTime, "01:30");
    assert.equal(r.body.data.endTime, "02:45");
    assert.equal(r.body.data.totalHours, 2.25);
  } finally {
    app.close();
  }
});
