/** @jsxImportSource hono/jsx */
/**
 * The onboarding plan on the HR console: a section of the person's page (its tasks by phase, each done or
 * open, with who does it) and a page of its own, `/hr/people/{personnel number}/onboarding`, where HR marks
 * any task done, closes the plan, or starts one for a person who is new without being a new hire by the
 * records. The forms work without JavaScript; every write is a service of `onboarding_plans.ts`.
 */
import type { Context, Hono } from "hono";
import { eq } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { employees } from "../db/schema/mod.ts";
import { AppError } from "../errors.ts";
import { fill } from "../i18n/mod.ts";
import { WEB_MESSAGES } from "../i18n/web.ts";
import { onboardingTexts } from "../i18n/console_onboarding.ts";
import { personTexts } from "../i18n/console_person.ts";
import { portalActor } from "../services/actor.ts";
import { todayOf } from "../services/common.ts";
import { closePlan, completePlanTask, planOf, startPlanForPerson } from "../services/onboarding_plans.ts";
import { isNewHire, NEW_HIRE_DAYS } from "../services/onboarding_templates.ts";
import { hrForm, hrPage, Nav, type Page, Problems } from "./console_kit.tsx";
import { swissDate } from "../i18n/console_common.ts";
import { Layout, setPageHeaders } from "./layout.tsx";

/** What the section shows: whose plan, the latest plan (or null) and the first day a new plan would take. */
export interface PlanSection {
  pn: string;
  plan: Awaited<ReturnType<typeof planOf>>;
  suggestedFirstDay: string;
}

async function personOf(deps: AppDeps, personnelNumber: string) {
  const [e] = await deps.db.select({
    id: employees.id,
    first: employees.firstName,
    last: employees.lastName,
    start: employees.employmentStart,
  }).from(employees).where(eq(employees.personnelNumber, personnelNumber)).limit(1);
  return e ?? null;
}

/** The plan of the person with this personnel number (no plan when there is no such person). */
export async function loadOnboardingPlan(
  deps: AppDeps,
  p: Page,
  personnelNumber: string,
): Promise<PlanSection> {
  const e = await personOf(deps, personnelNumber);
  const today = todayOf(deps);
  return {
    pn: personnelNumber,
    plan: e ? await planOf(deps, portalActor(p.user), e.id) : null,
    // A new hire's plan starts on their first working day; anyone else HR marks as new starts today.
    suggestedFirstDay: e && isNewHire(e.start, today) ? e.start : today,
  };
}

const base = (pn: string) => `/hr/people/${encodeURIComponent(pn)}/onboarding`;

/** The section: the plan's tasks by phase with a button for each open task, or a sentence that there is none. */
export function OnboardingPlan(props: { p: Page; plan: PlanSection; page?: boolean }) {
  const ot = onboardingTexts(props.p.lang);
  const { plan, pn, suggestedFirstDay } = props.plan;
  const open = plan?.status === "OPEN";
  return (
    <section aria-labelledby="onboarding">
      <h2 id="onboarding">{ot.plan}</h2>
      {!plan ? <p>{ot.none}</p> : (
        <>
          <p>
            {fill(ot.summary, {
              date: swissDate(plan.startDate, props.p.lang),
              done: String(plan.done),
              total: String(plan.total),
            })}
            {plan.status === "COMPLETED"
              ? ` ${ot.completed}`
              : plan.status === "CLOSED"
              ? ` ${ot.closed}`
              : ""}
          </p>
          {plan.phases.map((ph) => (
            <table key={ph.phase} aria-label={ot.phaseNames[ph.phase]}>
              <caption>{ot.phaseNames[ph.phase]}</caption>
              <thead>
                <tr>
                  <th scope="col">{ot.task}</th>
                  <th scope="col">{ot.due}</th>
                  <th scope="col">{ot.who}</th>
                  <th scope="col">{ot.state}</th>
                </tr>
              </thead>
              <tbody>
                {ph.tasks.map((t) => (
                  <tr key={t.id}>
                    <td>{t.title}</td>
                    <td>{t.dueDate ? swissDate(t.dueDate, props.p.lang) : "–"}</td>
                    <td>{t.assignee ?? ot.person}</td>
                    <td>
                      {t.done ? `✓ ${ot.done}` : `○ ${ot.open}`}
                      {open && !t.done
                        ? (
                          <form method="post" action={`${base(pn)}/tasks/${t.id}/done`} class="inline">
                            <input type="hidden" name="csrf" value={props.p.csrf} />
                            <button type="submit" class="secondary" aria-label={`${ot.markDone}: ${t.title}`}>
                              {ot.markDone}
                            </button>
                          </form>
                        )
                        : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </>
      )}
      {open
        ? (
          <form method="post" action={`${base(pn)}/close`}>
            <input type="hidden" name="csrf" value={props.p.csrf} />
            <p id="close-hint" class="muted">{ot.closeHint}</p>
            <button type="submit" class="secondary" aria-describedby="close-hint">{ot.closePlan}</button>
          </form>
        )
        : (
          <form method="post" action={`${base(pn)}/start`}>
            <input type="hidden" name="csrf" value={props.p.csrf} />
            <p id="start-hint" class="muted">{fill(ot.startHint, { days: String(NEW_HIRE_DAYS) })}</p>
            <label for="first-day">{ot.firstDay}</label>
            <input id="first-day" name="first_day" type="date" required value={suggestedFirstDay} />
            <button type="submit" aria-describedby="start-hint">{ot.startPlan}</button>
          </form>
        )}
      {props.page ? null : (
        <p>
          <a href={base(pn)}>{ot.manage}</a>
        </p>
      )}
    </section>
  );
}

type Opts = { flash?: string; errors?: string[]; status?: 200 | 400 | 403 | 404 | 409 };

/** The plan's own page: the section with the outcome of the last action on top. */
async function planPage(deps: AppDeps, c: Context, p: Page, opts: Opts = {}) {
  const pn = c.req.param("pn") ?? "";
  const ot = onboardingTexts(p.lang);
  setPageHeaders(c);
  const e = await personOf(deps, pn);
  if (!e) {
    return c.html(
      <Layout lang={p.lang} m={WEB_MESSAGES[p.lang]} title={p.t.people} wide>
        <Nav t={p.t} here="people" />
        <h1>{p.t.people}</h1>
        <p class="alert" role="alert">{personTexts(p.lang).unknown}</p>
      </Layout>,
      404,
    );
  }
  const name = `${e.first} ${e.last}`;
  const section = await loadOnboardingPlan(deps, p, pn);
  return c.html(
    <Layout lang={p.lang} m={WEB_MESSAGES[p.lang]} title={fill(ot.pageTitle, { name })} wide>
      <Nav t={p.t} here="people" />
      <p>
        <a href={`/hr/people/${encodeURIComponent(pn)}`}>{fill(ot.backToPerson, { name })}</a>
      </p>
      <h1>{fill(ot.pageTitle, { name })}</h1>
      {opts.flash ? <p class="note" role="status">{opts.flash}</p> : null}
      <Problems t={p.t} errors={opts.errors ?? []} />
      <OnboardingPlan p={p} plan={section} page />
    </Layout>,
    opts.status ?? 200,
  );
}

/** Mounts the plan's page and its three actions under /hr/people/<personnel number>/onboarding. */
// deno-lint-ignore no-explicit-any
export function mountConsoleOnboarding(app: Hono<any>, deps: AppDeps): void {
  app.get("/hr/people/:pn/onboarding", async (c) => {
    const p = await hrPage(deps, c, "/hr/people");
    if (p instanceof Response) return p;
    return await planPage(deps, c, p);
  });

  /** Runs an action on the person of the path and shows the plan's page with its outcome. */
  const act = async (
    c: Context,
    fn: (p: Page, employeeId: string, form: URLSearchParams) => Promise<string>,
  ) => {
    const posted = await hrForm(deps, c, "/hr/people", planPage);
    if (posted instanceof Response) return posted;
    const { p, form } = posted;
    const e = await personOf(deps, c.req.param("pn") ?? "");
    if (!e) return await planPage(deps, c, p);
    try {
      return await planPage(deps, c, p, { flash: await fn(p, e.id, form) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const status = err.status === 403 || err.status === 404 || err.status === 409 ? err.status : 400;
      return await planPage(deps, c, p, { errors: [err.message], status });
    }
  };

  app.post("/hr/people/:pn/onboarding/tasks/:task/done", (c) =>
    act(c, async (p, id) => {
      const r = await completePlanTask(deps, portalActor(p.user), id, c.req.param("task"));
      return fill(onboardingTexts(p.lang).taskDone, { task: r.title });
    }));

  app.post("/hr/people/:pn/onboarding/close", (c) =>
    act(c, async (p, id) => {
      await closePlan(deps, portalActor(p.user), id);
      return onboardingTexts(p.lang).planClosed;
    }));

  app.post("/hr/people/:pn/onboarding/start", (c) =>
    act(c, async (p, id, form) => {
      const r = await startPlanForPerson(deps, portalActor(p.user), id, (form.get("first_day") ?? "").trim());
      return fill(onboardingTexts(p.lang).planStarted, { date: swissDate(r.startDate, p.lang) });
    }));
}
