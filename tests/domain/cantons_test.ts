/**
 * Public holidays of all 26 cantons, and some cantonal specifics. Source: the cantons' lists as
 * encoded in date-holidays' `data/countries/CH.yaml` (package date-holidays), which the service
 * evaluates; the federal 1 August per BV Art. 110 para. 3. Cantonal days checked against the cantons'
 * published lists: TI San Giuseppe (19 March) and Santi Pietro e Paolo (29 June); VS Saint-Joseph
 * (19 March); GE Jeûne genevois (Thursday after the first Sunday of September) and Restauration de la
 * République (31 December, a whole day); NE Instauration de la République (1 March); JU Commémoration
 * du plébiscite jurassien (23 June); BS and BL Tag der Arbeit (1 May).
 */
import assert from "node:assert/strict";
import { publicHolidays } from "../../src/domain/calendar.ts";

const CANTONS = [
  "AG",
  "AI",
  "AR",
  "BE",
  "BL",
  "BS",
  "FR",
  "GE",
  "GL",
  "GR",
  "JU",
  "LU",
  "NE",
  "NW",
  "OW",
  "SG",
  "SH",
  "SO",
  "SZ",
  "TG",
  "TI",
  "UR",
  "VD",
  "VS",
  "ZG",
  "ZH",
];

Deno.test("cantons: every one of the 26 cantons has New Year, Ascension, 1 August and Christmas in 2026 and 2027", async (t) => {
  assert.equal(new Set(CANTONS).size, 26);
  // Ascension: 14 May 2026, 6 May 2027 (39 days after Easter, 5 April 2026 and 28 March 2027).
  const days: Record<number, string[]> = {
    2026: ["2026-01-01", "2026-05-14", "2026-08-01", "2026-12-25"],
    2027: ["2027-01-01", "2027-05-06", "2027-08-01", "2027-12-25"],
  };
  for (const canton of CANTONS) {
    await t.step(canton, () => {
      for (const year of [2026, 2027]) {
        const whole = new Set(publicHolidays(canton, year).filter((h) => h.portion === 1).map((h) => h.date));
        for (const d of days[year]) assert.ok(whole.has(d), `${canton} ${d}`);
      }
    });
  }
});

Deno.test("cantons: cantonal holidays as the cantons publish them", async (t) => {
  // [canton, date, portion, what]
  const cases: [string, string, 1 | 0.5, string][] = [
    ["TI", "2026-03-19", 1, "San Giuseppe"],
    ["TI", "2026-06-29", 1, "Santi Pietro e Paolo"],
    ["TI", "2027-06-29", 1, "Santi Pietro e Paolo"],
    ["VS", "2026-03-19", 1, "Saint-Joseph"],
    ["GE", "2026-09-10", 1, "Jeûne genevois (Thursday after the first Sunday of September)"],
    ["GE", "2027-09-09", 1, "Jeûne genevois"],
    ["GE", "2026-12-31", 1, "Restauration de la République: the whole day, not the customary afternoon"],
    ["NE", "2026-03-01", 1, "Instauration de la République"],
    ["JU", "2026-06-23", 1, "Commémoration du plébiscite jurassien"],
    ["JU", "2027-06-23", 1, "Commémoration du plébiscite jurassien"],
    ["BS", "2026-05-01", 1, "Tag der Arbeit"],
    ["BL", "2026-05-01", 1, "Tag der Arbeit"],
  ];
  for (const [canton, date, portion, what] of cases) {
    await t.step(`${canton} ${date} ${what}`, () => {
      const h = publicHolidays(canton, Number(date.slice(0, 4))).find((x) => x.date === date);
      assert.ok(h, `${canton} has ${date}`);
      assert.equal(h.portion, portion);
    });
  }
  // And where they are not holidays.
  const absent: [string, string][] = [
    ["ZH", "2026-03-19"],
    ["BE", "2026-06-29"],
    ["ZH", "2026-06-23"],
    ["BE", "2026-05-01"],
    ["VD", "2026-03-01"],
  ];
  for (const [canton, date] of absent) {
    await t.step(`${canton} ${date} is a working day`, () => {
      assert.equal(publicHolidays(canton, 2026).find((x) => x.date === date), undefined);
    });
  }
});
