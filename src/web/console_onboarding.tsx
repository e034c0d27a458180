/** @jsxImportSource hono/jsx */
/**
 * The onboarding plan on the HR console: a section of the person's page (its tasks by phase, each done or
 * open, with who does it) and a page of its own, `/hr/people/{personnel number}/onboarding`, where HR marks
 * any task done, closes the plan, or starts one for a person who is new without being a new hire by the
 * records. The forms work without JavaScript; every write is a service of `onboarding_plans.ts`.
 */
import type { Context, Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { fill } from "../i18n/mod.ts";
import { onboardingTexts } from "../i18n/console_onboarding.ts";
import { personTexts } from "../i18n/console_person.ts";
import { portalActor } from "../services/actor.ts";
import { todayOf } from "../services/common.ts";
import { closePlan, completePlanTask, planOf, startPlanForPerson } from "../services/onboarding_plans.ts";
import { isNewHire, NEW_HIRE_DAYS } from "../services/onboarding_templates.ts";
import { personByNumber } from "../services/hr_console.ts";
import {
  consoleGet,
  ConsolePage,
  Field,
  Hint,
  hrForm,
  notFoundPage,
  type Page,
  param,
  PostForm,
  render,
  RowAction,
  Table,
} from "./console_kit.tsx";
import { refusalText, swissDate } from "./console_common.ts";

/** What the section shows: whose plan, the latest plan (or null) and the first day a new plan would take. */
export interface PlanSection {
  pn: string;
  plan: Awaited<ReturnType<typeof planOf>>;
  suggestedFirstDay: string;
}

/** The plan of the person with this personnel number (no plan when there is no such person). */
export async function loadOnboardingPlan(
  deps: AppDeps,
  p: Page,
  personnelNumber: string,
): Promise<PlanSection> {
  const e = await personByNumber(deps, personnelNumber);
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
            <Table
              scroll
              label={ot.phaseNames[ph.phase]}
              caption={<caption>{ot.phaseNames[ph.phase]}</caption>}
              cols={[ot.task, ot.due, ot.who, ot.state]}
            >
              {ph.tasks.map((t) => (
                <tr key={t.id}>
                  <td>{t.title}</td>
                  <td>{t.dueDate ? swissDate(t.dueDate, props.p.lang) : "–"}</td>
                  <td>{t.assignee ?? ot.person}</td>
                  <td>
                    {t.done ? `✓ ${ot.done}` : `○ ${ot.open}`}
                    {open && !t.done
                      ? (
                        <RowAction
                          p={props.p}
                          action={`${base(pn)}/tasks/${t.id}/done`}
                          label={ot.markDone}
                          about={t.title}
                          inline
                        />
                      )
                      : null}
                  </td>
                </tr>
              ))}
            </Table>
          ))}
        </>
      )}
      {open
        ? (
          <PostForm p={props.p} action={`${base(pn)}/close`}>
            <Hint id="close-hint">{ot.closeHint}</Hint>
            <button type="submit" class="secondary" aria-describedby="close-hint">{ot.closePlan}</button>
          </PostForm>
        )
        : (
          <PostForm p={props.p} action={`${base(pn)}/start`}>
            <Hint id="start-hint">{fill(ot.startHint, { days: String(NEW_HIRE_DAYS) })}</Hint>
            <Field
              id="first-day"
              label={ot.firstDay}
              name="first_day"
              type="date"
              required
              value={suggestedFirstDay}
            />
            <button type="submit" aria-describedby="start-hint">{ot.startPlan}</button>
          </PostForm>
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
  const pn = param(c, "pn");
  const ot = onboardingTexts(p.lang);
  const e = await personByNumber(deps, pn);
  if (!e) {
    return notFoundPage(c, p, { title: p.t.people, here: "people", message: personTexts(p.lang).unknown });
  }
  const name = `${e.first} ${e.last}`;
  const section = await loadOnboardingPlan(deps, p, pn);
  return render(
    c,
    <ConsolePage
      p={p}
      title={fill(ot.pageTitle, { name })}
      here="people"
      back={[`/hr/people/${encodeURIComponent(pn)}`, fill(ot.backToPerson, { name })]}
      flash={opts.flash}
      errors={opts.errors}
    >
      <OnboardingPlan p={p} plan={section} page />
    </ConsolePage>,
    opts.status ?? 200,
  );
}

/** Mounts the plan's page and its three actions under /hr/people/<personnel number>/onboarding. */
// deno-lint-ignore no-explicit-any
export function mountConsoleOnboarding(app: Hono<any>, deps: AppDeps): void {
  app.get("/hr/people/:pn/onboarding", consoleGet(deps, "/hr/people", (c, p) => planPage(deps, c, p)));

  /** Runs an action on the person of the path and shows the plan's page with its outcome. */
  const act = async (
    c: Context,
    fn: (p: Page, employeeId: string, form: URLSearchParams) => Promise<string>,
  ) => {
    const posted = await hrForm(deps, c, "/hr/people", planPage);
    if (posted instanceof Response) return posted;
    const { p, form } = posted;
    const e = await personByNumber(deps, param(c, "pn"));
    if (!e) return await planPage(deps, c, p);
    try {
      return await planPage(deps, c, p, { flash: await fn(p, e.id, form) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const status = err.status === 403 || err.status === 404 || err.status === 409 ? err.status : 400;
      return await planPage(deps, c, p, { errors: [refusalText(err, p.lang)], status });
    }
  };

  app.post("/hr/people/:pn/onboarding/tasks/:task/done", (c) =>
    act(c, async (p, id) => {
      const r = await completePlanTask(deps, portalActor(p.user), id, param(c, "task"));
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
