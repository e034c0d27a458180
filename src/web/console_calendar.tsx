/** @jsxImportSource hono/jsx */
/**
 * The HR console's calendar: the company closures (each with a page of its own, console_organisation.tsx), a
 * new closure (saved only when HR confirms a recalculation of approved leave over its days), the school
 * holidays of a canton from its calendar file, and the days someone works through a closure.
 */
import type { Context, Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { getSetting } from "../settings.ts";
import { fill } from "../i18n/mod.ts";
import { refusalText, swissDate } from "./console_common.ts";
import { closureRefusal, closureTexts, requestList } from "./console_closures.ts";
import { AppError } from "../errors.ts";
import { addClosure, approveWorkThrough, listClosures, listWorkThrough } from "../services/hr_pay.ts";
import { importSchoolHolidays } from "../services/school_holidays.ts";
import { RecalculationNeeded } from "../services/closure_changes.ts";
import { listPersonNames } from "../services/hr_console.ts";
import {
  CantonSelect,
  Check,
  consoleGet,
  ConsolePage,
  consolePost,
  Field,
  formText,
  formYes,
  type Page,
  type PageOpts,
  PersonSelect,
  PostForm,
  refusalShown,
  render,
  Table,
} from "./console_kit.tsx";
import { RecalculateCheck } from "./console_organisation.tsx";

/** The calendar page: the closures, a new one, the school holidays' upload and the work-through days. */
export async function calendarPage(
  deps: AppDeps,
  c: Context,
  p: Page,
  opts: PageOpts<200 | 400 | 403 | 404 | 409> = {},
) {
  const { t } = p;
  const rows = await listClosures(deps);
  const through = await listWorkThrough(deps);
  const people = await listPersonNames(deps);
  const f = opts.form ?? {};
  return render(
    c,
    <ConsolePage p={p} title={t.calendar} here="calendar" flash={opts.flash} errors={opts.errors}>
      <p>{t.calendarIntro}</p>
      <Table cols={[t.closureName, t.colPeriod, t.colKind]}>
        {rows.map((r) => (
          <tr>
            <td>
              {/* Each closure's page changes or removes it (console_organisation.tsx). */}
              <a href={`/hr/calendar/closures/${encodeURIComponent(r.id)}`}>
                {p.lang === "fr"
                  ? r.nameFr
                  : p.lang === "en"
                  ? r.nameEn
                  : p.lang === "it"
                  ? r.nameIt ?? r.nameDe
                  : r.nameDe}
              </a>
            </td>
            <td>{`${swissDate(r.startDate, p.lang)} – ${swissDate(r.endDate, p.lang)}`}</td>
            <td>{r.deductsLeave ? t.fromVacation : t.granted}</td>
          </tr>
        ))}
      </Table>
      <PostForm p={p} action="/hr/calendar">
        <Field
          id="cname"
          label={t.closureName}
          name="name"
          type="text"
          required
          maxlength={100}
          value={f.name}
        />
        <Field id="cfrom" label={t.closureFrom} name="from" type="date" required value={f.from} />
        <Field id="cto" label={t.closureTo} name="to" type="date" required value={f.to} />
        <Check id="cdeducts" label={t.closureDeducts} name="deducts" checked={f.deducts !== "no"} />
        {/* A closure over approved leave changes its days: saved only when HR confirms (closure_changes.ts). */}
        <RecalculateCheck id="crecalc" lang={p.lang} />
        <button type="submit">{t.save}</button>
      </PostForm>
      <h2 id="school">{t.schoolTitle}</h2>
      <p>{t.schoolIntro}</p>
      <PostForm p={p} action="/hr/calendar/school-holidays" upload>
        <CantonSelect
          id="scanton"
          label={t.canton}
          value={f.canton ?? (await getSetting(deps, "defaultCanton")) ?? "BE"}
        />
        <Field id="sics" label={t.icsFile} name="file" type="file" accept=".ics,text/calendar" required />
        <button type="submit">{t.save}</button>
      </PostForm>
      <h2 id="through">{t.workThrough}</h2>
      <p>{t.workThroughIntro}</p>
      {through.length
        ? (
          <ul aria-labelledby="through">
            {through.map((w) => (
              <li key={`${w.date}${w.pn}`}>
                {`${swissDate(w.date, p.lang)}: ${w.first} ${w.last} (${w.pn})`}
              </li>
            ))}
          </ul>
        )
        : null}
      <PostForm p={p} action="/hr/calendar/work-through">
        <PersonSelect id="wpn" label={t.colName} people={people} value={f.personnel_number} />
        <Field id="wdate" label={t.workThroughDate} name="date" type="date" required value={f.date} />
        <button type="submit">{t.save}</button>
      </PostForm>
    </ConsolePage>,
    opts.status ?? 200,
  );
}

/** Mounts the calendar page and its three forms under /hr/calendar. */
// deno-lint-ignore no-explicit-any
export function mountConsoleCalendar(app: Hono<any>, deps: AppDeps): void {
  app.post(
    "/hr/calendar/school-holidays",
    consolePost(deps, "/hr/calendar", calendarPage, async (c, { p, form, files }) => {
      const canton = formText(form, "canton", 10);
      const file = files.get("file");
      if (!file || !file.size) {
        return await calendarPage(deps, c, p, { errors: [p.t.noFile], status: 400, form: { canton } });
      }
      const result = await importSchoolHolidays(deps, canton, await file.text());
      if (!result.ok) {
        return await calendarPage(deps, c, p, { errors: result.errors, status: 400, form: { canton } });
      }
      return await calendarPage(deps, c, p, {
        flash: fill(p.t.schoolImported, {
          canton,
          created: String(result.created),
          unchanged: String(result.unchanged),
        }),
      });
    }),
  );

  app.get("/hr/calendar", consoleGet(deps, "/hr/calendar", (c, p) => calendarPage(deps, c, p)));

  app.post(
    "/hr/calendar",
    consolePost(deps, "/hr/calendar", calendarPage, async (c, { p, form }) => {
      const typed = {
        name: formText(form, "name", 200),
        from: formText(form, "from", 20),
        to: formText(form, "to", 20),
        deducts: formYes(form, "deducts"),
      };
      try {
        const row = await addClosure(deps, {
          from: typed.from,
          to: typed.to,
          name: { de: typed.name },
          deductsLeave: typed.deducts === "yes",
        }, { confirmed: form.get("recalculate") === "yes" });
        const added = fill(p.t.closureAdded, { name: row.nameDe });
        const again = row.recalculated.length
          ? ` ${fill(closureTexts(p.lang).recalculated, { list: requestList(p.lang, row.recalculated) })}`
          : "";
        return await calendarPage(deps, c, p, { flash: added + again });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        return await calendarPage(deps, c, p, {
          errors: [e instanceof RecalculationNeeded ? closureRefusal(e, p.lang) : refusalText(e, p.lang)],
          status: e.code === "conflict" ? 409 : 400,
          form: typed,
        });
      }
    }),
  );

  app.post(
    "/hr/calendar/work-through",
    consolePost(deps, "/hr/calendar", calendarPage, async (c, { p, form }) => {
      const typed = {
        personnel_number: formText(form, "personnel_number", 40),
        date: formText(form, "date", 20),
      };
      try {
        await approveWorkThrough(deps, {
          personnelNumber: typed.personnel_number,
          date: typed.date,
          approvedByUserId: p.user.userId,
        });
      } catch (e) {
        return await calendarPage(deps, c, p, {
          ...refusalShown(e, p.lang, [409, 404] as const),
          form: typed,
        });
      }
      return await calendarPage(deps, c, p, {
        flash: fill(p.t.workThroughSaved, {
          number: typed.personnel_number,
          date: swissDate(typed.date, p.lang),
        }),
      });
    }),
  );
}
