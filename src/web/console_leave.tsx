/** @jsxImportSource hono/jsx */
/**
 * HR's view of leave in the console: a person's balances with the year's corrections (shown on the person
 * page), the leave overview (`/hr/leave/overview`: who is away when, a list per day that fits a phone) and
 * the upload of opening balances for a start during the year. Everything is read and written through
 * `services/hr_leave.ts`; the pages only render.
 */
import type { Context, Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { fill, type Lang } from "../i18n/mod.ts";
import { type LeaveBalanceTexts, leaveBalanceTexts } from "../i18n/console_leave.ts";
import {
  type AwayPortion,
  hrLeaveBalances,
  importOpeningBalances,
  leaveOverview,
} from "../services/hr_leave.ts";
import { AppError } from "../errors.ts";
import {
  consoleGet,
  ConsolePage,
  consolePost,
  Field,
  type Page,
  type PageOpts,
  PostForm,
  render,
  Table,
} from "./console_kit.tsx";
import { swissDate } from "./console_common.ts";

/** The balances the person page shows: one person, one year, with the corrections. */
export type PersonBalances = Awaited<ReturnType<typeof hrLeaveBalances>>;

/** Loads what `BalanceSection` shows; a year outside 2000–2100 reads as the current one. */
export async function loadPersonBalances(
  deps: AppDeps,
  personnelNumber: string,
  lang: Lang,
  year: string | undefined,
): Promise<PersonBalances> {
  const y = year !== undefined && /^\d{4}$/.test(year) && Number(year) >= 2000 && Number(year) <= 2100
    ? Number(year)
    : undefined;
  return await hrLeaveBalances(deps, { personnelNumber, year: y, lang, history: true });
}

const n = (v: number | null) => v === null ? "–" : String(v);
const signed = (v: number) => (v > 0 ? "+" : "") + String(v);

/** The person page's balance: a table per leave type, a year selector and the year's corrections. */
export function BalanceSection(props: { p: Page; pn: string; data: PersonBalances }) {
  const bt = leaveBalanceTexts(props.p.lang);
  const person = props.data.people[0];
  const year = props.data.year;
  const withBalance = person.balances.filter((b) => b.deductsBalance);
  const corrected = withBalance.filter((b) => b.history.length);
  return (
    <>
      <h2 id="balance">{bt.balance}</h2>
      <p>{bt.balanceIntro}</p>
      <form method="get" action={`/hr/people/${encodeURIComponent(props.pn)}#balance`}>
        <Field
          id="byear"
          label={bt.year}
          name="year"
          type="number"
          min={2000}
          max={2100}
          required
          value={String(year)}
        />
        <button type="submit" class="secondary">{bt.show}</button>
      </form>
      {withBalance.length
        ? (
          <Table
            scroll
            labelledBy="balance"
            caption={<caption class="muted">{String(year)}</caption>}
            cols={[
              bt.colType,
              bt.colEntitlement,
              bt.colCarryOver,
              bt.colCorrections,
              bt.colAvailable,
              bt.colUsed,
              bt.colPlanned,
              bt.colPending,
              bt.colRemaining,
            ]}
          >
            {withBalance.map((b) => (
              <tr data-type={b.code}>
                <th scope="row">{b.name}</th>
                <td data-col="entitlement">{n(b.entitlement)}</td>
                <td data-col="carryOver">{String(b.carryOver - b.carryOverLapsed)}</td>
                <td data-col="adjustments">{String(b.adjustments)}</td>
                <td data-col="available">{n(b.available)}</td>
                <td data-col="used">{String(b.used)}</td>
                <td data-col="planned">{String(b.planned)}</td>
                <td data-col="pending">{String(b.pending)}</td>
                <td data-col="remaining">{n(b.remaining)}</td>
              </tr>
            ))}
          </Table>
        )
        : <p>{bt.noBalanceTypes}</p>}
      {
        // The statutory days carried never lapse with the type's expiry: each year of origin with its own day.
        withBalance.filter((b) => b.statutoryCarried.length).map((b) => (
          <>
            <p data-carried={b.code}>{fill(bt.statutoryCarried, { type: b.name })}</p>
            <ul>
              {b.statutoryCarried.map((c) => (
                <li>
                  {fill(
                    new Intl.PluralRules(props.p.lang).select(c.days) === "one"
                      ? bt.carriedLapseOne
                      : bt.carriedLapse,
                    {
                      days: String(c.days),
                      year: String(c.origin),
                      date: swissDate(c.lapsesOn, props.p.lang),
                    },
                  )}
                </li>
              ))}
            </ul>
          </>
        ))
      }
      {corrected.length ? null : <p class="muted">{bt.noCorrections}</p>}
      {corrected.map((b) => (
        <>
          <h3 id={`corrections-${b.code}`}>{fill(bt.history, { type: b.name, year })}</h3>
          <Table
            scroll
            labelledBy={`corrections-${b.code}`}
            cols={[bt.colDate, bt.colDays, bt.colReason, bt.colWho]}
          >
            {b.history.map((h) => (
              <tr>
                <td>{swissDate(h.date, props.p.lang)}</td>
                <td>{signed(h.days)}</td>
                <td>{h.note}</td>
                <td>{h.by}</td>
              </tr>
            ))}
          </Table>
        </>
      ))}
    </>
  );
}

function portionText(bt: LeaveBalanceTexts, p: AwayPortion): string {
  return p === "FULL"
    ? bt.fullDay
    : p === "MORNING"
    ? bt.morning
    : p === "AFTERNOON"
    ? bt.afternoon
    : bt.halfDay;
}

async function overviewPage(
  deps: AppDeps,
  c: Context,
  p: Page,
  opts: PageOpts<200 | 400 | 403> = {},
) {
  const bt = leaveBalanceTexts(p.lang);
  const errors = [...opts.errors ?? []];
  const monthAsked = c.req.query("month");
  const department = c.req.query("department") ?? "";
  let data;
  try {
    data = await leaveOverview(deps, { month: monthAsked || undefined, department, lang: p.lang });
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    errors.push(fill(bt.errMonth, { value: monthAsked ?? "" }));
    data = await leaveOverview(deps, { department, lang: p.lang });
  }
  // Grouped by department within each day, in the order the service sorted them.
  const groups = (people: typeof data.days[number]["people"]) => {
    const out = new Map<string, typeof people>();
    for (const person of people) {
      const k = person.department ?? bt.noDepartment;
      out.set(k, [...out.get(k) ?? [], person]);
    }
    return [...out.entries()];
  };
  return render(
    c,
    <ConsolePage p={p} title={bt.overview} here="leaveOverview" flash={opts.flash} errors={errors}>
      <p>{bt.overviewIntro}</p>
      <form method="get" action="/hr/leave/overview">
        <Field id="month" label={bt.month} name="month" type="month" required value={data.month} />
        {data.departments.length
          ? (
            <>
              <label for="department">{bt.department}</label>
              <select id="department" name="department">
                <option value="" selected={!department}>{bt.allDepartments}</option>
                {data.departments.map((d) => (
                  <option key={d} value={d} selected={department === d}>{d}</option>
                ))}
              </select>
            </>
          )
          : null}
        <button type="submit" class="secondary">{bt.show}</button>
      </form>
      {data.closures.length || data.schoolHolidays.length
        ? (
          <section aria-labelledby="calendar-month">
            <h2 id="calendar-month">{bt.monthCalendar}</h2>
            <ul>
              {data.closures.map((k) => (
                <li>
                  {`${bt.closure}: ${k.name}, ${swissDate(k.startDate, p.lang)} – ${
                    swissDate(k.endDate, p.lang)
                  } (${k.deductsLeave ? bt.closureDeducts : bt.closureGranted}${
                    k.cantons.length ? `; ${k.cantons.join(", ")}` : ""
                  })`}
                </li>
              ))}
              {data.schoolHolidays.map((h) => (
                <li>
                  {`${bt.schoolHolidays} ${h.canton}: ${h.name}, ${swissDate(h.startDate, p.lang)} – ${
                    swissDate(h.endDate, p.lang)
                  }`}
                </li>
              ))}
            </ul>
          </section>
        )
        : null}
      {data.days.length === 0 ? <p>{bt.nobodyAway}</p> : null}
      {data.days.map((day) => (
        <section aria-labelledby={`d${day.date}`}>
          <h2 id={`d${day.date}`}>{`${bt.weekdayNames[day.weekday - 1]} ${swissDate(day.date, p.lang)}`}</h2>
          {groups(day.people).map(([dep, people]) => (
            <>
              {data.departments.length ? <h3>{dep}</h3> : null}
              <ul>
                {people.map((a) => (
                  <li data-person={a.personnelNumber}>
                    <a href={`/hr/people/${encodeURIComponent(a.personnelNumber)}#balance`}>{a.name}</a>
                    {` · ${a.leaveType} · ${portionText(bt, a.portion)}${
                      a.awaitingApproval ? ` (${bt.awaiting})` : ""
                    }`}
                  </li>
                ))}
              </ul>
            </>
          ))}
        </section>
      ))}
      <h2 id="opening">{bt.opening}</h2>
      <p>{bt.openingIntro}</p>
      <PostForm p={p} action="/hr/leave/opening" upload>
        <Field
          id="opening-file"
          label={bt.openingFile}
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
        />
        <button type="submit">{p.t.save}</button>
      </PostForm>
    </ConsolePage>,
    opts.status ?? (errors.length ? 400 : 200),
  );
}

/** Mounts the leave overview and the opening balances upload. */
// deno-lint-ignore no-explicit-any
export function mountConsoleLeave(app: Hono<any>, deps: AppDeps): void {
  app.get("/hr/leave/overview", consoleGet(deps, "/hr/leave/overview", (c, p) => overviewPage(deps, c, p)));

  app.post(
    "/hr/leave/opening",
    consolePost(deps, "/hr/leave/overview", overviewPage, async (c, { p, files }) => {
      const bt = leaveBalanceTexts(p.lang);
      const file = files.get("file");
      if (!file || !file.size) return await overviewPage(deps, c, p, { errors: [bt.errNoFile], status: 400 });
      const r = await importOpeningBalances(deps, new Uint8Array(await file.arrayBuffer()), {
        by: p.user.email,
        lang: p.lang,
      });
      if (!r.ok) return await overviewPage(deps, c, p, { errors: r.errors, status: 400 });
      return await overviewPage(deps, c, p, {
        flash: fill(bt.openingImported, { set: r.set, unchanged: r.unchanged }),
      });
    }),
  );
}
