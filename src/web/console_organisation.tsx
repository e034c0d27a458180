/** @jsxImportSource hono/jsx */
/**
 * The HR console's organisation page: name, the head office's canton, the payday rule, the organisation's
 * languages and its customary half days off; the time zone is shown (it is set with TIME_ZONE at start). A
 * save is the `settings` section of the configuration file, checked and applied by `org apply`'s own code
 * (`applySections`), so the page and the file agree.
 */
import type { Context, Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { organisationTexts } from "../i18n/console_organisation.ts";
import { applySections, readSection } from "../org_config/mod.ts";
import { ORG_LANGUAGES } from "../settings.ts";
import { CANTON_CODES, REGIONAL_DAYS } from "../domain/calendar.ts";
import {
  CantonSelect,
  Check,
  consoleGet,
  ConsolePage,
  consolePost,
  consolePostOn,
  entryProblems,
  Field,
  formText,
  Hint,
  hrPage,
  numberOrText,
  type Page,
  type PageOpts,
  param,
  PostForm,
  refusalStatus,
  render,
} from "./console_kit.tsx";
import { closureById } from "../services/hr_console.ts";
import { AppError } from "../errors.ts";
import { fill, type Lang } from "../i18n/mod.ts";
import { closureRefusal, closureTexts, requestList } from "./console_closures.ts";
import { type ClosureChangeResult, removeClosure, updateClosure } from "../services/closure_changes.ts";

const HALF_DAYS = ["12-24", "12-31"] as const;

interface Settings {
  name?: string;
  canton?: string;
  payday?: number;
  languages?: string[];
  halfDays?: string[];
  regionalDays?: string[];
  timeZone?: string;
}

type Status = 200 | 400 | 403;

/** A box for each of `values` under one name, those in `checked` ticked (ids `<prefix><value>`). */
function Boxes<K extends string>(props: {
  legend: string;
  name: string;
  prefix: string;
  values: readonly K[];
  names: Record<K, string>;
  checked: Set<string>;
  describedBy?: string;
}) {
  return (
    <fieldset aria-describedby={props.describedBy}>
      <legend>{props.legend}</legend>
      {props.values.map((v) => (
        <Check
          id={`${props.prefix}${v}`}
          label={props.names[v]}
          name={props.name}
          value={v}
          checked={props.checked.has(v)}
        />
      ))}
    </fieldset>
  );
}

async function organisationPage(
  deps: AppDeps,
  c: Context,
  p: Page,
  opts: PageOpts<Status, Settings> = {},
) {
  const ot = organisationTexts(p.lang);
  const current = await readSection(deps, "settings") as Settings;
  const f: Settings = opts.form ?? current;
  const languages = new Set(f.languages ?? ["de"]);
  const halfDays = new Set(f.halfDays ?? []);
  const regionalDays = new Set(f.regionalDays ?? []);
  return render(
    c,
    <ConsolePage p={p} title={ot.organisation} here="organisation" flash={opts.flash} errors={opts.errors}>
      <p>{ot.intro}</p>
      <PostForm p={p} action="/hr/organisation">
        <Field
          id="oname"
          label={ot.name}
          name="name"
          type="text"
          required
          maxlength={200}
          value={f.name ?? ""}
        />
        <CantonSelect id="ocanton" label={ot.canton} value={f.canton ?? "ZH"} describedBy="ocanton-hint" />
        <Hint id="ocanton-hint">{ot.cantonHint}</Hint>
        <Field
          id="opayday"
          label={ot.payday}
          hint={ot.paydayHint}
          name="payday"
          type="number"
          required
          min={1}
          max={31}
          value={f.payday === undefined ? "25" : String(f.payday)}
        />
        <Boxes
          legend={ot.languages}
          name="languages"
          prefix="olang-"
          values={ORG_LANGUAGES}
          names={ot.languageNames}
          checked={languages}
          describedBy="olang-hint"
        />
        <Hint id="olang-hint">{ot.languagesHint}</Hint>
        <Boxes
          legend={ot.halfDays}
          name="half_days"
          prefix="ohalf-"
          values={HALF_DAYS}
          names={ot.halfDayNames}
          checked={halfDays}
        />
        <Boxes
          legend={ot.regionalDays}
          name="regional_days"
          prefix="oregional-"
          values={REGIONAL_DAYS.map((r) => r.key)}
          names={Object.fromEntries(REGIONAL_DAYS.map((r) => [r.key, `${r.canton}: ${r.names[p.lang]}`]))}
          checked={regionalDays}
          describedBy="oregional-hint"
        />
        <Hint id="oregional-hint">{ot.regionalDaysHint}</Hint>
        <p>
          {`${ot.timeZone}: ${current.timeZone ?? deps.config.timeZone}. `}
          <span class="muted">{ot.timeZoneHint}</span>
        </p>
        <button type="submit">{p.t.save}</button>
      </PostForm>
    </ConsolePage>,
    opts.status ?? 200,
  );
}

/** Mounts the organisation page under /hr/organisation. */
// deno-lint-ignore no-explicit-any
export function mountConsoleOrganisation(app: Hono<any>, deps: AppDeps): void {
  mountConsoleClosures(app, deps);
  app.get("/hr/organisation", consoleGet(deps, "/hr/organisation", (c, p) => organisationPage(deps, c, p)));

  app.post(
    "/hr/organisation",
    consolePost(deps, "/hr/organisation", organisationPage, async (c, { p, form }) => {
      const settings = {
        name: formText(form, "name", 300),
        canton: formText(form, "canton", 10),
        payday: numberOrText(form.get("payday") ?? ""),
        languages: form.getAll("languages").slice(0, 10),
        halfDays: form.getAll("half_days").slice(0, 10),
        regionalDays: form.getAll("regional_days").slice(0, 50),
      };
      const result = await applySections(deps, { settings });
      if (!result.ok) {
        const errors = entryProblems(result.problems, "settings");
        return await organisationPage(deps, c, p, {
          errors,
          status: 400,
          form: { ...settings, payday: typeof settings.payday === "number" ? settings.payday : undefined },
        });
      }
      return await organisationPage(deps, c, p, { flash: organisationTexts(p.lang).saved });
    }),
  );
}

// The page of one company closure ---------------------------------------------------------------------------

type ClosureRow = NonNullable<Awaited<ReturnType<typeof closureById>>>;

/** The closure's form as typed (kept when a save is refused). */
interface ClosureForm {
  nameDe: string;
  nameFr: string;
  nameEn: string;
  from: string;
  to: string;
  deducts: boolean;
  cantons: string[];
}

function formOf(r: ClosureRow): ClosureForm {
  return {
    nameDe: r.nameDe,
    nameFr: r.nameFr,
    nameEn: r.nameEn,
    from: r.startDate,
    to: r.endDate,
    deducts: r.deductsLeave,
    cantons: r.cantons ? r.cantons.split(",").filter(Boolean) : [],
  };
}

async function closurePage(
  deps: AppDeps,
  c: Context,
  p: Page,
  id: string,
  opts: PageOpts<200 | 400 | 403 | 404 | 409, ClosureForm> = {},
) {
  const ct = closureTexts(p.lang);
  const row = await closureById(deps, id);
  const back = (
    <p>
      <a href="/hr/calendar">{ct.back}</a>
    </p>
  );
  if (!row) {
    // After a removal the page says so; a refused token says that; anything else is an unknown closure.
    return render(
      c,
      <ConsolePage
        p={p}
        title={ct.title}
        here="calendar"
        flash={opts.flash}
        errors={opts.status === 403 ? opts.errors : []}
      >
        {opts.flash || opts.status === 403 ? null : <p class="alert" role="alert">{ct.notFound}</p>}
        {back}
      </ConsolePage>,
      opts.flash ? 200 : opts.status === 403 ? 403 : 404,
    );
  }
  const f = opts.form ?? formOf(row);
  const action = `/hr/calendar/closures/${encodeURIComponent(row.id)}`;
  return render(
    c,
    <ConsolePage
      p={p}
      title={ct.title}
      here="calendar"
      heading={`${ct.title}: ${row.nameDe}`}
      flash={opts.flash}
      errors={opts.errors}
    >
      <p>{ct.intro}</p>
      <PostForm p={p} action={action}>
        <Field
          id="kde"
          label={ct.nameDe}
          name="name_de"
          type="text"
          required
          maxlength={100}
          value={f.nameDe}
        />
        <Field id="kfr" label={ct.nameFr} name="name_fr" type="text" maxlength={100} value={f.nameFr} />
        <Field id="ken" label={ct.nameEn} name="name_en" type="text" maxlength={100} value={f.nameEn} />
        <Field id="kfrom" label={ct.from} name="from" type="date" required value={f.from} />
        <Field id="kto" label={ct.to} name="to" type="date" required value={f.to} />
        <Check id="kdeducts" label={ct.deducts} name="deducts" checked={f.deducts} />
        <label for="kcantons">{ct.cantons}</label>
        <select id="kcantons" name="cantons" multiple size={6} aria-describedby="kcantons-hint">
          {CANTON_CODES.map((k) => <option key={k} value={k} selected={f.cantons.includes(k)}>{k}</option>)}
        </select>
        <Hint id="kcantons-hint">{ct.cantonsHint}</Hint>
        <RecalculateCheck id="krecalc" lang={p.lang} />
        <button type="submit">{ct.save}</button>
      </PostForm>
      <h2 id="remove">{ct.removeTitle}</h2>
      <p>{ct.removeIntro}</p>
      <PostForm p={p} action={`${action}/remove`}>
        <RecalculateCheck id="rrecalc" lang={p.lang} />
        <button type="submit">{ct.remove}</button>
      </PostForm>
      {back}
    </ConsolePage>,
    opts.status ?? 200,
  );
}

/**
 * The confirmation that a closure's change may compute approved leave anew (`closure_changes.ts`), never
 * ticked beforehand: without it a change that touches approved leave is refused and says which.
 */
export function RecalculateCheck(props: { id: string; lang: Lang }) {
  const ct = closureTexts(props.lang);
  return (
    <>
      <Check
        id={props.id}
        label={ct.recalculate}
        name="recalculate"
        checked={false}
        describedBy={`${props.id}-hint`}
      />
      <Hint id={`${props.id}-hint`}>{ct.recalculateHint}</Hint>
    </>
  );
}

/** What a confirmed change did, for the page's note. */
function doneNote(lang: Lang, done: ClosureChangeResult, first: string): string {
  const ct = closureTexts(lang);
  return [
    first,
    done.recalculated.length ? fill(ct.recalculated, { list: requestList(lang, done.recalculated) }) : "",
    done.workThroughRemoved ? fill(ct.workThroughRemoved, { n: String(done.workThroughRemoved) }) : "",
  ].filter(Boolean).join(" ");
}

/**
 * Mounts a closure's page under /hr/calendar/closures/:id (the calendar page lists the closures and links
 * here): its change and its removal go through `closures edit` / `closures remove`'s services, with the same
 * confirmation when approved leave was computed with it.
 */
// deno-lint-ignore no-explicit-any
export function mountConsoleClosures(app: Hono<any>, deps: AppDeps): void {
  app.get("/hr/calendar/closures/:id", async (c) => {
    const id = param(c, "id");
    const p = await hrPage(deps, c, `/hr/calendar/closures/${encodeURIComponent(id)}`);
    if (p instanceof Response) return p;
    return await closurePage(deps, c, p, id);
  });

  app.post(
    "/hr/calendar/closures/:id",
    consolePostOn(deps, "/hr/calendar", closurePage, async (c, id, { p, form }) => {
      const typed: ClosureForm = {
        nameDe: formText(form, "name_de", 200),
        nameFr: formText(form, "name_fr", 200),
        nameEn: formText(form, "name_en", 200),
        from: formText(form, "from", 20),
        to: formText(form, "to", 20),
        deducts: form.get("deducts") === "yes",
        cantons: form.getAll("cantons").slice(0, 30),
      };
      try {
        const done = await updateClosure(deps, id, {
          from: typed.from,
          to: typed.to,
          name: { de: typed.nameDe, fr: typed.nameFr, en: typed.nameEn },
          deductsLeave: typed.deducts,
          cantons: typed.cantons,
        }, { confirmed: form.get("recalculate") === "yes" });
        const first = fill(closureTexts(p.lang).saved, { name: done.closure.nameDe });
        return await closurePage(deps, c, p, id, { flash: doneNote(p.lang, done, first) });
      } catch (e) {
        return await closurePage(deps, c, p, id, { ...refused(e, p.lang), form: typed });
      }
    }),
  );

  app.post(
    "/hr/calendar/closures/:id/remove",
    consolePostOn(deps, "/hr/calendar", closurePage, async (c, id, { p, form }) => {
      try {
        const done = await removeClosure(deps, id, { confirmed: form.get("recalculate") === "yes" });
        const first = fill(closureTexts(p.lang).removed, { name: done.closure.nameDe });
        return await closurePage(deps, c, p, id, { flash: doneNote(p.lang, done, first) });
      } catch (e) {
        return await closurePage(deps, c, p, id, refused(e, p.lang));
      }
    }),
  );
}

/** A closure's change refused: what was refused in the reader's language, at the refusal's own status. */
function refused(e: unknown, lang: Lang) {
  const status = refusalStatus(e, [404, 409] as const);
  return { errors: [closureRefusal(e as AppError, lang)], status };
}
