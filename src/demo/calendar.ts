/**
 * Calendar data of the demo: school holidays of BE, ZH and VD (approximations of the real periods; the
 * cantons publish them, so they are data, not rules), the year-end closure with one approved
 * work-through day, and the installation's pay dates.
 */
import { addDays, eachDay, isoWeekday } from "../domain/calendar.ts";
import * as s from "../db/schema/mod.ts";
import type { DemoContext } from "./context.ts";
import { KEY } from "./org.ts";
import { at, isoWeekMonday } from "./util.ts";

type Period = "sport" | "spring" | "summer" | "autumn" | "christmas";

const NAMES: Record<Period, { de: string; en: string; fr: string }> = {
  sport: { de: "Sportferien", en: "Sports holidays", fr: "Relâches" },
  spring: { de: "Frühlingsferien", en: "Spring holidays", fr: "Vacances de printemps" },
  summer: { de: "Sommerferien", en: "Summer holidays", fr: "Vacances d'été" },
  autumn: { de: "Herbstferien", en: "Autumn holidays", fr: "Vacances d'automne" },
  christmas: { de: "Weihnachtsferien", en: "Christmas holidays", fr: "Vacances d'hiver" },
};

/** ISO weeks (first, last) of each period per canton, close to the published calendars. */
const WEEKS: Record<"BE" | "ZH" | "VD", Partial<Record<Period, [number, number]>>> = {
  BE: { sport: [9, 9], spring: [15, 16], summer: [28, 32], autumn: [39, 41] },
  ZH: { sport: [7, 8], spring: [17, 18], summer: [29, 33], autumn: [41, 42] },
  VD: { sport: [8, 8], spring: [15, 16], summer: [28, 34], autumn: [43, 44] },
};

/** Days of the year-end closure (24 December of this year to 2 January of the next). */
export function closureRange(ctx: DemoContext): { start: string; end: string } {
  return { start: `${ctx.year}-12-24`, end: `${ctx.year + 1}-01-02` };
}

/**
 * Adds school holidays for last, this and next year; the closure and the demo employee's approved
 * work-through day; and pay dates for the next twelve months (the 25th). Fills `ctx.closureDays`.
 */
export function buildCalendar(ctx: DemoContext): void {
  for (const canton of ["BE", "ZH", "VD"] as const) {
    for (let year = ctx.lastYear; year <= ctx.year + 1; year++) {
      for (const [period, [from, to]] of Object.entries(WEEKS[canton]) as [Period, [number, number]][]) {
        // From the Saturday before the first week to the Sunday that ends the last one.
        addSchool(
          ctx,
          canton,
          period,
          addDays(isoWeekMonday(year, from), -2),
          addDays(isoWeekMonday(year, to), 6),
        );
      }
      // Christmas: from the Saturday on or before 24 December, two weeks.
      const eve = `${year}-12-24`;
      const start = addDays(eve, -((isoWeekday(eve) + 1) % 7));
      addSchool(ctx, canton, "christmas", start, addDays(start, 15));
    }
  }

  const { start, end } = closureRange(ctx);
  for (const d of eachDay(start, end)) ctx.closureDays.add(d);
  const closureId = ctx.ids.next("closure");
  ctx.rows.add(s.closurePeriods, {
    id: closureId,
    nameDe: "Betriebsferien Jahresende",
    nameEn: "Year-end company closure",
    nameFr: "Fermeture de fin d'année",
    startDate: start,
    endDate: end,
    deductsLeave: true,
    cantons: null,
    createdAt: at(`${ctx.year}-01-15`),
  });
  // The demo employee keeps the platform running on the first working day between Christmas and New Year.
  const demo = ctx.person(KEY.demo);
  const holidays = ctx.holidays(demo.canton);
  const workDay = [...eachDay(`${ctx.year}-12-27`, `${ctx.year}-12-30`)].find((d) =>
    isoWeekday(d) <= 5 && !holidays.has(d)
  )!;
  ctx.rows.add(s.closureWorkThrough, {
    id: ctx.ids.next("workthrough"),
    closureId,
    employeeId: demo.id,
    date: workDay,
    status: "APPROVED",
    approvedByUserId: ctx.user("manager"),
    createdAt: Math.min(ctx.now, at(`${ctx.year}-10-20`)),
  });
  ctx.workThrough = workDay;

  // Pay dates: the 25th of the next twelve months, starting with this month's if it is still ahead.
  let y = ctx.year;
  let m = Number(ctx.today.slice(5, 7));
  if (Number(ctx.today.slice(8, 10)) > 25) m++;
  for (let i = 0; i < 12; i++, m++) {
    if (m > 12) {
      m = 1;
      y++;
    }
    const period = `${y}-${String(m).padStart(2, "0")}`;
    ctx.rows.add(s.payDates, { id: ctx.ids.next("paydate"), paymentDate: `${period}-25`, period });
  }
}

function addSchool(ctx: DemoContext, canton: string, period: Period, startDate: string, endDate: string) {
  const n = NAMES[period];
  ctx.rows.add(s.schoolHolidays, {
    id: ctx.ids.next("school"),
    canton,
    nameDe: n.de,
    nameEn: n.en,
    nameFr: n.fr,
    startDate,
    endDate,
  });
}
