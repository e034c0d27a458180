/**
 * School holidays from an iCalendar file (RFC 5545), as cantons publish them: all-day events with an
 * exclusive DTEND, folded lines, UTF-8; importing the same file twice changes nothing; a file with a bad event
 * imports nothing and names every bad event. The dates below are fictional.
 */
import assert from "node:assert/strict";
import { count, eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { schoolHolidays } from "../../src/db/schema/mod.ts";
import { cli as runCli } from "../_cli.ts";

const cli = (t: TestApp, ...words: string[]) => runCli(t, words);

const ics = (events: string[]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Erziehungsdirektion Beispiel//Schulferien//DE",
    ...events,
    "END:VCALENDAR",
    "",
  ]
    .join("\r\n");

const GOOD = ics([
  "BEGIN:VEVENT",
  "UID:herbst-2027@example.ch",
  "DTSTAMP:20261101T080000Z",
  "SUMMARY:Herbstferien Schulkreis Nord",
  "DTSTART;VALUE=DATE:20270925",
  "DTEND;VALUE=DATE:20271011",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:weihnacht-2027@example.ch",
  "DTSTAMP:20261101T080000Z",
  // A long line folded as RFC 5545 §3.1 says: CRLF and one space.
  "SUMMARY:Weihnachtsferien der Volksschule und der Mittelschulen im ganzen K",
  " anton",
  "DTSTART;VALUE=DATE:20271225",
  "DURATION:P16D",
  "END:VEVENT",
]);

Deno.test("school holidays: imported from iCalendar, shown to the people of the canton, idempotent", async () => {
  const t = await makeTestApp();
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/be.ics`, GOOD);
    const r = await cli(t, "school-holidays", "import", "--canton", "be", "--file", `${dir}/be.ics`);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /School holidays of BE: 2 added, 0 known already\./);
    const rows = await t.deps.db.select().from(schoolHolidays).where(eq(schoolHolidays.canton, "BE"));
    const autumn = rows.find((h) => h.nameDe === "Herbstferien Schulkreis Nord")!;
    assert.equal(autumn.endDate, "2027-10-10", "DTEND is exclusive: the last day is the day before");
    const winter = rows.find((h) => h.startDate === "2027-12-25")!;
    assert.equal(winter.nameDe, "Weihnachtsferien der Volksschule und der Mittelschulen im ganzen Kanton");
    assert.equal(winter.endDate, "2028-01-09", "16 days from 25 December");

    const again = await cli(t, "school-holidays", "import", "--canton", "BE", "--file", `${dir}/be.ics`);
    assert.match(again.out, /0 added, 2 known already/);

    // The demo employee works in Bern: the portal's holidays of 2027 include the autumn holidays.
    const token = await t.signIn("employee@demo.example");
    const body = JSON.stringify(
      await (await t.request("/api/v1/portal/employee/holidays?year=2027", { token })).json(),
    );
    assert.match(body, /Herbstferien Schulkreis Nord/);
  } finally {
    t.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("school holidays: every bad event is named and nothing is imported", async () => {
  const t = await makeTestApp();
  const dir = await Deno.makeTempDir();
  try {
    const bad = ics([
      "BEGIN:VEVENT",
      "UID:ok@example.ch",
      "SUMMARY:Sportferien",
      "DTSTART;VALUE=DATE:20280205",
      "DTEND;VALUE=DATE:20280214",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:timed@example.ch",
      "SUMMARY:Elternabend",
      "DTSTART:20280301T190000",
      "DTEND:20280301T210000",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:noname@example.ch",
      "DTSTART;VALUE=DATE:20280410",
      "DTEND;VALUE=DATE:20280424",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:weekly@example.ch",
      "SUMMARY:Schulfrei",
      "DTSTART;VALUE=DATE:20280505",
      "RRULE:FREQ=WEEKLY;COUNT=4",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:impossible@example.ch",
      "SUMMARY:Frühlingsferien",
      "DTSTART;VALUE=DATE:20281345",
      "DTEND;VALUE=DATE:20281350",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:reversed@example.ch",
      "SUMMARY:Sommerferien",
      "DTSTART;VALUE=DATE:20280801",
      "DTEND;VALUE=DATE:20280701",
      "END:VEVENT",
    ]);
    await Deno.writeTextFile(`${dir}/bad.ics`, bad);
    const before = (await t.deps.db.select({ n: count() }).from(schoolHolidays))[0].n;
    const r = await cli(t, "school-holidays", "import", "--canton", "ZH", "--file", `${dir}/bad.ics`);
    assert.equal(r.code, 1);
    assert.match(r.err, /^Nothing was imported\. 5 problem\(s\):/);
    assert.match(
      r.err,
      /event 2 \("Elternabend"\): starts at a time of day; a school holiday is an all-day event/,
    );
    assert.match(r.err, /event 3: SUMMARY \(the holiday's name\) is missing/);
    assert.match(r.err, /event 4 \("Schulfrei"\): repeats \(RRULE\)/);
    assert.match(r.err, /event 5 \("Frühlingsferien"\): DTSTART 2028-13-45 is not a calendar date/);
    assert.match(
      r.err,
      /event 6 \("Sommerferien"\): ends \(2028-07-01, exclusive\) before it starts \(2028-08-01\)/,
    );
    assert.equal(
      (await t.deps.db.select({ n: count() }).from(schoolHolidays))[0].n,
      before,
      "not even event 1",
    );

    await Deno.writeTextFile(`${dir}/not.ics`, "Herbstferien;2027-09-25;2027-10-10\n");
    const notIcs = await cli(t, "school-holidays", "import", "--canton", "ZH", "--file", `${dir}/not.ics`);
    assert.equal(notIcs.code, 1);
    assert.match(notIcs.err, /the file is not an iCalendar file/);
    const canton = await cli(t, "school-holidays", "import", "--canton", "XY", "--file", `${dir}/bad.ics`);
    assert.equal(canton.code, 1);
    assert.match(canton.err, /"XY" is not a canton code/);
    const missing = await cli(t, "school-holidays", "import", "--canton", "ZH", "--file", `${dir}/none.ics`);
    assert.equal(missing.code, 1);
    assert.match(missing.err, /Cannot read .*none\.ics/);
    const usage = await cli(t, "school-holidays", "import", "--file", `${dir}/bad.ics`);
    assert.equal(usage.code, 2);
    assert.match(usage.err, /--canton is required/);
  } finally {
    t.close();
    await Deno.remove(dir, { recursive: true });
  }
});
