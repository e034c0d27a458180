/** @jsxImportSource hono/jsx */
/**
 * The onboarding plan on the HR console's page of a person: its tasks by phase, each done or open, with who
 * does it. A section of its own, loaded by the person's page.
 */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { employees } from "../db/schema/mod.ts";
import { fill } from "../i18n/mod.ts";
import { onboardingTexts } from "../i18n/console_onboarding.ts";
import { portalActor } from "../services/actor.ts";
import { planOf } from "../services/onboarding_plans.ts";
import type { Page } from "./console.tsx";

type Plan = Awaited<ReturnType<typeof planOf>>;

/** The plan of the person with this personnel number (null when they have none). */
export async function loadOnboardingPlan(deps: AppDeps, p: Page, personnelNumber: string): Promise<Plan> {
  const [e] = await deps.db.select({ id: employees.id }).from(employees)
    .where(eq(employees.personnelNumber, personnelNumber)).limit(1);
  return e ? await planOf(deps, portalActor(p.user), e.id) : null;
}

/** The section: the plan's tasks by phase, or a sentence that there is none. */
export function OnboardingPlan(props: { p: Page; plan: Plan }) {
  const ot = onboardingTexts(props.p.lang);
  const { plan } = props;
  return (
    <section aria-labelledby="onboarding">
      <h2 id="onboarding">{ot.plan}</h2>
      {!plan ? <p>{ot.none}</p> : (
        <>
          <p>
            {fill(ot.summary, { date: plan.startDate, done: String(plan.done), total: String(plan.total) })}
            {plan.status === "COMPLETED" ? ` ${ot.completed}` : ""}
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
                {ph.tasks.map((t, i) => (
                  <tr key={i}>
                    <td>{t.title}</td>
                    <td>{t.dueDate ?? "–"}</td>
                    <td>{t.assignee ?? ot.person}</td>
                    <td>{t.done ? `✓ ${ot.done}` : `○ ${ot.open}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </>
      )}
    </section>
  );
}
