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
import { isoWeekday, publicHolidays } from "../../src/domain/calendar.ts";

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

/**
 * Every canton's days off for two years, Monday to Saturday (a holiday on a Sunday changes nothing), written
 * from the cantons' own lists of public rest days (ArG Art. 20a para. 1, SR 822.11: at most eight a year
 * besides 1 August, BV Art. 110 para. 3, SR 101). The source of each canton is beside it and in
 * docs/swiss-rules.md. "½" is an afternoon. Without the customary half days of 24 and 31 December (the
 * installation's setting, tested below).
 */
const TABLE: Record<string, Record<number, string>> = {
  // Kanton Aargau, Gesetz über die öffentlichen Ruhetage and its ordinance: five days are the whole canton's
  // (1 January, Good Friday, Ascension, 1 August, 25 December; the canton's own portal hallo-aargau.ch,
  // "Öffentliche Feiertage": "fünf davon sind im ganzen Kanton dieselben"); every other rest day, Easter and
  // Whit Monday and 26 December among them, is set by district (docs/swiss-rules.md)
  AG: {
    2026: "01-01 04-03 05-14 08-01 12-25",
    2027: "01-01 03-26 05-06 12-25",
  },
  // Kanton Appenzell I.Rh., Ruhetage (ai.ch); Mariä Empfängnis like Mariä Himmelfahrt and Allerheiligen;
  // Stephanstag not when it would make three rest days in a row (Ruhetagsgesetz GS 822.200 Art. 2 lit. b); St.
  // Mauritius (22 September) is kept in the inner part only, not in the district of Oberegg
  AI: {
    2026: "01-01 04-03 04-06 05-14 05-25 06-04 08-01 08-15 12-08 12-25",
    2027: "01-01 03-26 03-29 05-06 05-17 05-27 11-01 12-08 12-25",
  },
  // Kanton Appenzell A.Rh., Ruhetage (ar.ch); Stephanstag not when Christmas falls on a Monday or a Friday
  // (hallo-ar.ch, "Öffentliche Feiertage"; srf.ch, "Weihnachtsverkauf auch am Sonntag", 2017): 26.12.2026 (a
  // Saturday) is a working day
  AR: {
    2026: "01-01 04-03 04-06 05-14 05-25 08-01 12-25",
    2027: "01-01 03-26 03-29 05-06 05-17 12-25",
  },
  // Kanton Bern, Gesetz über die öffentlichen Ruhetage (BSG 555.1)
  BE: {
    2026: "01-01 01-02 04-03 04-06 05-14 05-25 08-01 12-25 12-26",
    2027: "01-01 01-02 03-26 03-29 05-06 05-17 12-25",
  },
  // Kanton Basel-Landschaft, Ruhetagsgesetz (bl.ch); 1 May
  BL: {
    2026: "01-01 04-03 04-06 05-01 05-14 05-25 08-01 12-25 12-26",
    2027: "01-01 03-26 03-29 05-01 05-06 05-17 12-25",
  },
  // Kanton Basel-Stadt, Ruhetagsgesetz (bs.ch); 1 May
  BS: {
    2026: "01-01 04-03 04-06 05-01 05-14 05-25 08-01 12-25 12-26",
    2027: "01-01 03-26 03-29 05-01 05-06 05-17 12-25",
  },
  // Canton de Fribourg, loi sur les jours fériés (fr.ch); the Catholic list (reformed communes of the Lake district differ)
  FR: {
    2026: "01-01 04-03 05-14 06-04 08-01 08-15 12-08 12-25",
    2027: "01-01 03-26 05-06 05-27 11-01 12-08 12-25",
  },
  // République et canton de Genève, loi sur les jours fériés (ge.ch): Jeûne genevois, Restauration 31 December
  GE: {
    2026: "01-01 04-03 04-06 05-14 05-25 08-01 09-10 12-25 12-31",
    2027: "01-01 03-26 03-29 05-06 05-17 09-09 12-25 12-31",
  },
  // Kanton Glarus, Öffentliche Feiertage (gl.ch): Näfelser Fahrt first Thursday of April, a week later in Holy Week; no whole 24/31 December
  GL: {
    2026: "01-01 04-03 04-06 04-09 05-14 05-25 08-01 12-25 12-26",
    2027: "01-01 03-26 03-29 04-01 05-06 05-17 11-01 12-25",
  },
  // Kanton Graubünden, Ruhetagsgesetz (gr.ch): Karfreitag
  GR: {
    2026: "01-01 04-03 04-06 05-14 05-25 08-01 12-25 12-26",
    2027: "01-01 03-26 03-29 05-06 05-17 12-25",
  },
  // République et canton du Jura, jours fériés (jura.ch): 23 June
  JU: {
    2026: "01-01 01-02 04-03 04-06 05-01 05-14 05-25 06-04 06-23 08-01 08-15 12-25",
    2027: "01-01 01-02 03-26 03-29 05-01 05-06 05-17 05-27 06-23 11-01 12-25",
  },
  // Kanton Luzern, Ruhetags- und Ladenschlussgesetz (lu.ch)
  LU: {
    2026: "01-01 04-03 05-14 06-04 08-01 08-15 12-08 12-25 12-26",
    2027: "01-01 03-26 05-06 05-27 11-01 12-08 12-25",
  },
  // République et canton de Neuchâtel, jours fériés officiels (ne.ch): 1 March; Easter and Whit Monday; 2 January and 26 December only on a Monday
  NE: {
    2026: "01-01 04-03 04-06 05-01 05-14 05-25 08-01 12-25",
    2027: "01-01 03-01 03-26 03-29 05-01 05-06 05-17 12-25",
  },
  // Kanton Nidwalden, Ruhetage (nw.ch)
  NW: {
    2026: "01-01 03-19 04-03 05-14 06-04 08-01 08-15 12-08 12-25",
    2027: "01-01 03-19 03-26 05-06 05-27 11-01 12-08 12-25",
  },
  // Kanton Obwalden, Ruhetage (ow.ch): Bruder Klaus 25 September
  OW: {
    2026: "01-01 04-03 05-14 06-04 08-01 08-15 09-25 12-08 12-25",
    2027: "01-01 03-26 05-06 05-27 09-25 11-01 12-08 12-25",
  },
  // Kanton St. Gallen, Ruhetagsgesetz (sg.ch)
  SG: {
    2026: "01-01 04-03 04-06 05-14 05-25 08-01 12-25 12-26",
    2027: "01-01 03-26 03-29 05-06 05-17 11-01 12-25",
  },
  // Kanton Schaffhausen, Ruhetagsgesetz (sh.ch); 1 May
  SH: {
    2026: "01-01 04-03 04-06 05-01 05-14 05-25 08-01 12-25 12-26",
    2027: "01-01 03-26 03-29 05-01 05-06 05-17 12-25",
  },
  // Kanton Solothurn, Ruhetagsgesetz (so.ch): 1 May from noon; Josefstag communal only
  SO: {
    2026: "01-01 04-03 05-01½ 05-14 06-04 08-01 08-15 12-25",
    2027: "01-01 03-26 05-01½ 05-06 05-27 11-01 12-25",
  },
  // Kanton Schwyz, Ruhetage (sz.ch)
  SZ: {
    2026: "01-01 01-06 03-19 04-03 04-06 05-14 05-25 06-04 08-01 08-15 12-08 12-25 12-26",
    2027: "01-01 01-06 03-19 03-26 03-29 05-06 05-17 05-27 11-01 12-08 12-25",
  },
  // Kanton Thurgau, Ruhetagsgesetz (tg.ch); 1 May, Berchtoldstag
  TG: {
    2026: "01-01 01-02 04-03 04-06 05-01 05-14 05-25 08-01 12-25 12-26",
    2027: "01-01 01-02 03-26 03-29 05-01 05-06 05-17 12-25",
  },
  // Repubblica e Cantone Ticino, giorni festivi ufficiali (ti.ch): no Venerdì santo
  TI: {
    2026: "01-01 01-06 03-19 04-06 05-01 05-14 05-25 06-04 06-29 08-01 08-15 12-08 12-25 12-26",
    2027: "01-01 01-06 03-19 03-29 05-01 05-06 05-17 05-27 06-29 11-01 12-08 12-25",
  },
  // Kanton Uri, Ruhetage (ur.ch); Stephanstag every year (no source for a weekday condition was found)
  UR: {
    2026: "01-01 01-06 03-19 04-03 04-06 05-14 05-25 06-04 08-01 08-15 12-08 12-25 12-26",
    2027: "01-01 01-06 03-19 03-26 03-29 05-06 05-17 05-27 11-01 12-08 12-25",
  },
  // Canton de Vaud, jours fériés (vd.ch): Lundi du Jeûne
  VD: {
    2026: "01-01 01-02 04-03 04-06 05-14 05-25 08-01 09-21 12-25",
    2027: "01-01 01-02 03-26 03-29 05-06 05-17 09-20 12-25",
  },
  // Canton du Valais, jours fériés légaux (vs.ch): neither 1 May, Easter Monday nor Whit Monday
  VS: {
    2026: "01-01 03-19 05-14 06-04 08-01 08-15 12-08 12-25",
    2027: "01-01 03-19 05-06 05-27 11-01 12-08 12-25",
  },
  // Kanton Zug, Ruhetage (zg.ch)
  ZG: {
    2026: "01-01 04-03 05-14 06-04 08-01 08-15 12-08 12-25",
    2027: "01-01 03-26 05-06 05-27 11-01 12-08 12-25",
  },
  // Kanton Zürich, Ruhetags- und Ladenöffnungsgesetz (LS 822.4); 1 May
  ZH: {
    2026: "01-01 04-03 04-06 05-01 05-14 05-25 08-01 12-25 12-26",
    2027: "01-01 03-26 03-29 05-01 05-06 05-17 12-25",
  },
};

Deno.test("cantons: every canton's days off in 2026 and 2027 are the cantons' own lists", async (t) => {
  assert.equal(Object.keys(TABLE).length, 26);
  for (const canton of CANTONS) {
    await t.step(canton, () => {
      for (const year of [2026, 2027]) {
        const got = publicHolidays(canton, year, "de", [])
          .filter((h) => new Date(h.date + "T00:00:00Z").getUTCDay() !== 0)
          .map((h) => h.date.slice(5) + (h.portion === 0.5 ? "½" : ""))
          .join(" ");
        assert.equal(got, TABLE[canton][year], `${canton} ${year}`);
      }
    });
  }
});

Deno.test("cantons: GL and VS have the afternoons of 24 and 31 December only from the installation's setting", () => {
  // Kanton Glarus, Öffentliche Feiertage (gl.ch); Canton du Valais, jours fériés légaux (vs.ch): neither day
  // is a rest day; the afternoons are the customary half days every canton gets by default.
  for (const canton of ["GL", "VS"]) {
    const dec = (c: string, halfDays?: string[]) =>
      publicHolidays(c, 2026, "de", halfDays).filter((h) =>
        h.date === "2026-12-24" || h.date === "2026-12-31"
      )
        .map((h) => `${h.date} ${h.portion}`);
    assert.deepEqual(dec(canton), ["2026-12-24 0.5", "2026-12-31 0.5"], canton);
    assert.deepEqual(dec(canton, []), [], canton);
  }
});

Deno.test("cantons: Näfelser Fahrt is the first Thursday of April, a week later only when that is Maundy Thursday", () => {
  // Kanton Glarus, Öffentliche Feiertage (gl.ch). Easter: 9 April 2023, 31 March 2024, 5 April 2026,
  // 28 March 2027, 16 April 2028.
  const cases: [number, string][] = [
    [2023, "2023-04-13"], // 6 April is Maundy Thursday
    [2024, "2024-04-04"], // Easter week: no move
    [2026, "2026-04-09"], // 2 April is Maundy Thursday
    [2027, "2027-04-01"], // Easter week: no move
    [2028, "2028-04-06"],
  ];
  for (const [year, date] of cases) {
    const april = publicHolidays("GL", year).filter((h) =>
      h.date.slice(5, 7) === "04" && h.date.slice(8) !== ""
    )
      .map((h) => h.date);
    assert.ok(april.includes(date), `${year}: ${april.join(", ")}`);
    assert.equal(
      april.filter((d) => isoWeekday(d) === 4).length,
      1,
      `${year}: one Thursday holiday in April`,
    );
  }
});

Deno.test("cantons: 26 December in AR and AI is no rest day after a Christmas on a Monday or a Friday, and is one otherwise", () => {
  // Kanton Appenzell Ausserrhoden: "Der Stephanstag wird nicht gefeiert, wenn der Weihnachtstag auf einen Montag
  // oder Freitag fällt" (hallo-ar.ch, Öffentliche Feiertage; srf.ch 2017: the same in both Appenzell). Kanton
  // Appenzell Innerrhoden: Ruhetagsgesetz (GS 822.200) Art. 2 lit. b, three rest days in a row (appenzell24.ch).
  // Christmas 2022 a Sunday (26th a Monday), 2023 a Monday, 2026 a Friday, 2028 a Monday, 2024 a Wednesday.
  const cases: [number, boolean][] = [[2022, true], [2023, false], [2024, true], [2026, false], [
    2028,
    false,
  ]];
  for (const canton of ["AR", "AI"]) {
    for (const [year, off] of cases) {
      const h = publicHolidays(canton, year).find((x) => x.date === `${year}-12-26`);
      assert.equal(Boolean(h), off, `${canton} 26.12.${year}`);
    }
  }
  // Kanton Uri: Stephanstag in every year (no source for a condition on the weekday could be found).
  for (const [year] of cases) assert.ok(publicHolidays("UR", year).some((x) => x.date === `${year}-12-26`));
});

Deno.test("cantons: AG's Easter Monday, Whit Monday and 26 December are district days, AI's St. Mauritius the inner part's", () => {
  // hallo-aargau.ch (Kanton Aargau): five rest days canton-wide, the others by district. Kanton Appenzell
  // Innerrhoden: Mauritiustag in the inner districts, not in Oberegg.
  const dates = (c: string, y: number) => publicHolidays(c, y).map((h) => h.date);
  for (const d of ["2026-04-06", "2026-05-25", "2026-12-26"]) {
    assert.ok(!dates("AG", 2026).includes(d), `AG ${d}`);
  }
  for (const d of ["2026-01-01", "2026-04-03", "2026-05-14", "2026-08-01", "2026-12-25"]) {
    assert.ok(dates("AG", 2026).includes(d), `AG ${d}`);
  }
  assert.ok(!dates("AI", 2026).includes("2026-09-22"));
  assert.ok(!dates("AI", 2027).includes("2027-09-22"));
});
