/** @jsxImportSource hono/jsx */
/**
 * The HR console's leave page (`/hr/leave`): the vacation policy, its base days, its steps by age and years of
 * service, and whether half days may be taken, saved through the same service as `leave-policy set`. The leave
 * types themselves have their own pages (console_leave_types.tsx).
 */
import type { Context, Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { fill } from "../i18n/mod.ts";
import { leaveTypeTexts } from "../i18n/console_leave_types.ts";
import { AppError } from "../errors.ts";
import { refusalText } from "./console_common.ts";
import { parseSteps, parseStepText, stepText } from "../domain/entitlement.ts";
import { saveLeavePolicy, vacationType } from "../services/hr_console.ts";
import {
  Check,
  consoleGet,
  ConsolePage,
  consolePost,
  Field,
  formText,
  Hint,
  type Page,
  type PageOpts,
  PostForm,
  render,
} from "./console_kit.tsx";

/** What a refused policy form sent, shown again as typed. */
interface PolicyForm {
  base: string;
  steps: string;
  halfDays: boolean;
}

/** The leave page: the vacation policy's form (none before the leave types exist). */
export async function leavePolicyPage(
  deps: AppDeps,
  c: Context,
  p: Page,
  opts: PageOpts<200 | 400 | 403, PolicyForm> = {},
) {
  const { t } = p;
  const vacation = await vacationType(deps);
  return render(
    c,
    <ConsolePage p={p} title={t.leave} here="leave" flash={opts.flash} errors={opts.errors}>
      <p>{t.leaveIntro}</p>
      <p>
        <a href="/hr/leave/types">{leaveTypeTexts(p.lang).allTypes}</a>
      </p>
      {vacation
        ? (
          <PostForm p={p} action="/hr/leave">
            <input type="hidden" name="code" value="VACATION" />
            <Field
              id="base"
              label={t.baseDays}
              hint={t.baseDaysHint}
              name="base_days"
              type="number"
              min={0}
              max={366}
              step="0.5"
              value={opts.form?.base ?? String(vacation.defaultAnnualDays)}
            />
            <label for="steps">{t.steps}</label>
            <textarea id="steps" name="steps" rows={4} aria-describedby="steps-hint">
              {opts.form?.steps ?? parseSteps(vacation.entitlementSteps).map(stepText).join("\n")}
            </textarea>
            <Hint id="steps-hint">{t.stepsHint}</Hint>
            <Check
              id="half"
              label={t.halfDays}
              name="half_days"
              checked={opts.form?.halfDays ?? vacation.allowHalfDays}
            />
            <button type="submit">{t.save}</button>
          </PostForm>
        )
        : null}
    </ConsolePage>,
    opts.status ?? 200,
  );
}

/** Mounts the leave page under /hr/leave. */
// deno-lint-ignore no-explicit-any
export function mountConsoleLeavePolicy(app: Hono<any>, deps: AppDeps): void {
  app.get("/hr/leave", consoleGet(deps, "/hr/leave", (c, p) => leavePolicyPage(deps, c, p)));

  app.post(
    "/hr/leave",
    consolePost(deps, "/hr/leave", leavePolicyPage, async (c, { p, form }) => {
      const code = form.get("code") ?? "";
      const errors: string[] = [];
      const base = Number(form.get("base_days"));
      const steps = [];
      for (const line of (form.get("steps") ?? "").split(/\r?\n/).map((l) => l.trim()).filter(Boolean)) {
        try {
          steps.push(parseStepText(line));
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          errors.push(refusalText(e, p.lang));
        }
      }
      if (!errors.length) {
        try {
          await saveLeavePolicy(deps, code, {
            baseDays: base,
            steps,
            allowHalfDays: form.get("half_days") === "yes",
          });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          errors.push(refusalText(e, p.lang));
        }
      }
      if (errors.length) {
        const sent = {
          base: formText(form, "base_days", 20),
          steps: formText(form, "steps", 2000),
          halfDays: form.get("half_days") === "yes",
        };
        return await leavePolicyPage(deps, c, p, { errors, status: 400, form: sent });
      }
      return await leavePolicyPage(deps, c, p, { flash: fill(p.t.policySaved, { type: code }) });
    }),
  );
}
