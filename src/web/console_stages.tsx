/** @jsxImportSource hono/jsx */
/**
 * The HR console's recruiting stages: their order, the blocking-task gate, whether a stage marks the
 * candidate hired or rejected, and the automatic tasks entering it sets off (an e-mail to the candidate from
 * a template, a task for the recruiting team or the hiring manager, a note to the hiring manager, the hire).
 * A save is the stage's entry of the configuration file, checked and applied by `org apply`'s own code
 * (`applySections`), so the console and the file agree. Each e-mail template is shown rendered with sample
 * placeholders under its fields, and the preview button renders what was typed without saving.
 */
import type { Context, Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { fill } from "../i18n/mod.ts";
import { type StageTexts, stageTexts } from "../i18n/console_stages.ts";
import { applySections, readSection } from "../org_config/mod.ts";
import { renderTemplate, TEMPLATE_PLACEHOLDERS } from "../domain/recruiting.ts";
import {
  consoleGet,
  ConsolePage,
  consolePost,
  entryProblems,
  formText,
  notFoundPage,
  type Page,
  type PageOpts,
  param,
  PostForm,
  render,
  Table,
} from "./console_kit.tsx";

type Status = 200 | 400 | 403 | 404;
type Form = Record<string, string>;
type Opts = PageOpts<Status>;

const KINDS = ["", "EMAIL_CANDIDATE", "CREATE_TASK", "NOTIFY_HIRING_MANAGER", "MARK_HIRED"] as const;
/** German is required of a candidate e-mail; these languages are optional (German stands in). */
const TRANSLATED = ["fr", "it", "en"] as const;
const EMAIL_LANGUAGES = ["de", ...TRANSLATED] as const;
/** How many automatic tasks one stage may have (the form's rows). */
const MAX_TASKS = 10;

/** A stage as the configuration file shows it. */
interface StageEntry {
  key: string;
  name: { de: string; en: string; fr: string };
  order: number;
  gated: boolean;
  marksHired: boolean;
  marksRejected: boolean;
  automaticTasks: {
    kind: Exclude<typeof KINDS[number], "">;
    title: string;
    emailSubject?: string;
    emailBody?: string;
    emailTranslations?: Partial<Record<"fr" | "it" | "en", { subject: string; body: string }>>;
    blocking: boolean;
    assignee: "HR" | "HIRING_MANAGER";
  }[];
}

function formOf(e: StageEntry): Form {
  const f: Form = {
    key: e.key,
    name_de: e.name.de,
    name_fr: e.name.fr,
    name_en: e.name.en,
    order: String(e.order),
    gated: e.gated ? "yes" : "no",
    outcome: e.marksHired ? "HIRED" : e.marksRejected ? "REJECTED" : "NONE",
  };
  e.automaticTasks.forEach((t, i) => {
    f[`task_${i}_kind`] = t.kind;
    f[`task_${i}_title`] = t.title;
    f[`task_${i}_subject_de`] = t.emailSubject ?? "";
    f[`task_${i}_body_de`] = t.emailBody ?? "";
    for (const l of TRANSLATED) {
      f[`task_${i}_subject_${l}`] = t.emailTranslations?.[l]?.subject ?? "";
      f[`task_${i}_body_${l}`] = t.emailTranslations?.[l]?.body ?? "";
    }
    f[`task_${i}_blocking`] = t.blocking ? "yes" : "no";
    f[`task_${i}_assignee`] = t.assignee;
  });
  return f;
}

/** The rows of tasks the form shows: those filled in, and one empty to add another. */
function taskRows(f: Form): number[] {
  let n = 0;
  while (n < MAX_TASKS && f[`task_${n}_kind`] !== undefined) n++;
  return Array.from({ length: Math.min(n + 1, MAX_TASKS) }, (_, i) => i);
}

function EmailPreview(props: { st: StageTexts; f: Form; i: number }) {
  const { st, f, i } = props;
  if (f[`task_${i}_kind`] !== "EMAIL_CANDIDATE") return null;
  return (
    <>
      {EMAIL_LANGUAGES.map((lang) => {
        const subject = f[`task_${i}_subject_${lang}`] ?? "";
        const body = f[`task_${i}_body_${lang}`] ?? "";
        if (!subject && !body) return null;
        const label = `${fill(st.previewOf, { n: String(i + 1) })} (${st.languageNames[lang]})`;
        return (
          <figure class="preview" aria-label={label} lang={lang}>
            <figcaption>{label}</figcaption>
            <p>
              <strong>{renderTemplate(subject, st.sample)}</strong>
            </p>
            <pre>{renderTemplate(body, st.sample)}</pre>
          </figure>
        );
      })}
    </>
  );
}

function StageForm(props: { p: Page; st: StageTexts; f: Form; existing: boolean }) {
  const { p, st, f } = props;
  const placeholders = fill(st.placeholders, { list: TEMPLATE_PLACEHOLDERS.map((x) => `{${x}}`).join(", ") });
  return (
    <PostForm p={p} action="/hr/recruiting/stages">
      {props.existing ? <input type="hidden" name="key" value={f.key} /> : (
        <>
          <label for="key">{st.key}</label>
          <input
            id="key"
            name="key"
            type="text"
            required
            maxlength={40}
            pattern="[A-Z][A-Z0-9_]*"
            aria-describedby="key-hint"
            value={f.key}
          />
          <p id="key-hint" class="muted">{st.keyHint}</p>
        </>
      )}
      <fieldset>
        <legend>{st.name}</legend>
        {(["de", "fr", "en"] as const).map((lang) => (
          <>
            <label for={`name-${lang}`}>{st.languageNames[lang]}</label>
            <input
              id={`name-${lang}`}
              name={`name_${lang}`}
              type="text"
              maxlength={100}
              required
              lang={lang}
              value={f[`name_${lang}`]}
            />
          </>
        ))}
      </fieldset>
      <label for="order">{st.order}</label>
      <input id="order" name="order" type="number" step="1" required value={f.order} />
      <div class="scope">
        <input
          id="gated"
          type="checkbox"
          name="gated"
          value="yes"
          checked={f.gated === "yes"}
          aria-describedby="gated-hint"
        />
        <label for="gated">{st.gated}</label>
      </div>
      <p id="gated-hint" class="muted">{st.gatedHint}</p>
      <label for="outcome">{st.outcome}</label>
      <select id="outcome" name="outcome">
        {(["NONE", "HIRED", "REJECTED"] as const).map((o) => (
          <option value={o} selected={(f.outcome ?? "NONE") === o}>{st.outcomeNames[o]}</option>
        ))}
      </select>
      <h2>{st.tasks}</h2>
      <p class="muted">{st.tasksHint}</p>
      {taskRows(f).map((i) => {
        const id = (k: string) => `task-${i}-${k}`;
        const name = (k: string) => `task_${i}_${k}`;
        return (
          <fieldset>
            <legend>{fill(st.task, { n: String(i + 1) })}</legend>
            <label for={id("kind")}>{st.kind}</label>
            <select id={id("kind")} name={name("kind")}>
              {KINDS.map((k) => (
                <option value={k} selected={(f[name("kind")] ?? "") === k}>{st.kindNames[k]}</option>
              ))}
            </select>
            <label for={id("title")}>{st.title}</label>
            <input
              id={id("title")}
              name={name("title")}
              type="text"
              maxlength={300}
              value={f[name("title")]}
            />
            <p id={id("ph")} class="muted">{`${placeholders} ${st.languagesHint}`}</p>
            {EMAIL_LANGUAGES.map((lang) => (
              <>
                <label for={id(`subject-${lang}`)}>{`${st.subject} (${st.languageNames[lang]})`}</label>
                <input
                  id={id(`subject-${lang}`)}
                  name={name(`subject_${lang}`)}
                  type="text"
                  maxlength={300}
                  lang={lang}
                  aria-describedby={id("ph")}
                  value={f[name(`subject_${lang}`)]}
                />
                <label for={id(`body-${lang}`)}>{`${st.body} (${st.languageNames[lang]})`}</label>
                <textarea
                  id={id(`body-${lang}`)}
                  name={name(`body_${lang}`)}
                  rows={lang === "de" ? 6 : 4}
                  lang={lang}
                  aria-describedby={id("ph")}
                >
                  {f[name(`body_${lang}`)] ?? ""}
                </textarea>
              </>
            ))}
            <div class="scope">
              <input
                id={id("blocking")}
                type="checkbox"
                name={name("blocking")}
                value="yes"
                checked={f[name("blocking")] === "yes"}
              />
              <label for={id("blocking")}>{st.blocking}</label>
            </div>
            <label for={id("assignee")}>{st.assignee}</label>
            <select id={id("assignee")} name={name("assignee")}>
              {(["HR", "HIRING_MANAGER"] as const).map((a) => (
                <option value={a} selected={(f[name("assignee")] ?? "HR") === a}>
                  {st.assigneeNames[a]}
                </option>
              ))}
            </select>
            <EmailPreview st={st} f={f} i={i} />
          </fieldset>
        );
      })}
      <button type="submit" name="action" value="save">{p.t.save}</button>{" "}
      <button type="submit" name="action" value="preview" class="secondary" aria-describedby="preview-hint">
        {st.preview}
      </button>
      <p id="preview-hint" class="muted">{st.previewHint}</p>
    </PostForm>
  );
}

async function stagesPage(deps: AppDeps, c: Context, p: Page, opts: Opts = {}) {
  const st = stageTexts(p.lang);
  const list = await readSection(deps, "stages") as StageEntry[];
  const nameOf = (e: StageEntry) => (p.lang === "it" ? e.name.de : e.name[p.lang]);
  return render(
    c,
    <ConsolePage
      p={p}
      title={st.stages}
      here="recruiting"
      back={["/hr/recruiting", p.t.navRecruiting]}
      flash={opts.flash}
      errors={opts.errors}
    >
      <p>{st.intro}</p>
      <Table cols={[st.order, st.name, st.key, st.automatic]}>
        {list.map((e) => (
          <tr>
            <td>{String(e.order)}</td>
            <td>
              <a href={`/hr/recruiting/stages/${e.key}`}>{nameOf(e)}</a>
              {e.gated ? ` 🔒` : ""}
            </td>
            <td>{e.key}</td>
            <td>
              {[
                ...e.automaticTasks.map((t) => st.kindNames[t.kind]),
                ...(e.marksHired ? [st.outcomeNames.HIRED] : []),
                ...(e.marksRejected ? [st.outcomeNames.REJECTED] : []),
              ].join(", ") || "–"}
            </td>
          </tr>
        ))}
      </Table>
      <h2>{st.newStage}</h2>
      <StageForm p={p} st={st} f={opts.form ?? {}} existing={false} />
    </ConsolePage>,
    opts.status ?? 200,
  );
}

async function stagePage(deps: AppDeps, c: Context, p: Page, key: string, opts: Opts = {}) {
  const st = stageTexts(p.lang);
  const stage = (await readSection(deps, "stages") as StageEntry[]).find((e) => e.key === key);
  if (!stage) {
    return notFoundPage(c, p, { title: st.stages, here: "recruiting", message: st.unknown });
  }
  const title = `${p.lang === "it" ? stage.name.de : stage.name[p.lang]} (${key})`;
  return render(
    c,
    <ConsolePage
      p={p}
      title={title}
      here="recruiting"
      back={["/hr/recruiting/stages", st.allStages]}
      flash={opts.flash}
      errors={opts.errors}
    >
      <StageForm p={p} st={st} f={opts.form ?? formOf(stage)} existing />
    </ConsolePage>,
    opts.status ?? 200,
  );
}

/** The form as sent, cut to the fields' lengths; tasks whose kind is empty are dropped. */
function sentForm(form: URLSearchParams): Form {
  const f: Form = {};
  for (const k of ["key", "name_de", "name_fr", "name_en", "order", "outcome"]) {
    f[k] = formText(form, k, 100, true);
  }
  f.gated = form.get("gated") === "yes" ? "yes" : "no";
  let n = 0;
  for (let i = 0; i < MAX_TASKS; i++) {
    const kind = (form.get(`task_${i}_kind`) ?? "").trim();
    if (!kind) continue;
    f[`task_${n}_kind`] = kind.slice(0, 40);
    f[`task_${n}_title`] = formText(form, `task_${i}_title`, 301, true);
    for (const l of EMAIL_LANGUAGES) {
      f[`task_${n}_subject_${l}`] = formText(form, `task_${i}_subject_${l}`, 301, true);
      f[`task_${n}_body_${l}`] = (form.get(`task_${i}_body_${l}`) ?? "").replaceAll("\r\n", "\n").trim()
        .slice(0, 20_001);
    }
    f[`task_${n}_blocking`] = form.get(`task_${i}_blocking`) === "yes" ? "yes" : "no";
    f[`task_${n}_assignee`] = (form.get(`task_${i}_assignee`) ?? "HR").slice(0, 40);
    n++;
  }
  return f;
}

/** The configuration file's entry of a stage from the form (the file's checks name what is wrong). */
function entryOf(f: Form) {
  const tasks = [];
  for (let i = 0; f[`task_${i}_kind`] !== undefined; i++) {
    const kind = f[`task_${i}_kind`];
    const subject = f[`task_${i}_subject_de`];
    const body = f[`task_${i}_body_de`];
    // A language with neither subject nor body is none; one with only one of them is sent, to be refused.
    const translations = Object.fromEntries(
      TRANSLATED.filter((l) => f[`task_${i}_subject_${l}`] || f[`task_${i}_body_${l}`])
        .map((l) => [l, { subject: f[`task_${i}_subject_${l}`], body: f[`task_${i}_body_${l}`] }]),
    );
    const email = kind === "EMAIL_CANDIDATE";
    tasks.push({
      kind,
      title: f[`task_${i}_title`],
      ...(email && subject ? { emailSubject: subject } : {}),
      ...(email && body ? { emailBody: body } : {}),
      ...(email && Object.keys(translations).length ? { emailTranslations: translations } : {}),
      blocking: kind === "CREATE_TASK" && f[`task_${i}_blocking`] === "yes",
      assignee: kind === "CREATE_TASK" ? f[`task_${i}_assignee`] : "HR",
    });
  }
  const order = Number(f.order);
  return {
    key: f.key,
    name: { de: f.name_de, fr: f.name_fr, en: f.name_en },
    order: f.order !== "" && Number.isFinite(order) ? order : f.order,
    gated: f.gated === "yes",
    marksHired: f.outcome === "HIRED",
    marksRejected: f.outcome === "REJECTED",
    automaticTasks: tasks,
  };
}

/** Mounts the stages pages under /hr/recruiting/stages. */
// deno-lint-ignore no-explicit-any
export function mountConsoleStages(app: Hono<any>, deps: AppDeps): void {
  app.get(
    "/hr/recruiting/stages",
    consoleGet(deps, "/hr/recruiting/stages", (c, p) => stagesPage(deps, c, p)),
  );

  app.get(
    "/hr/recruiting/stages/:key",
    consoleGet(deps, "/hr/recruiting/stages", (c, p) => stagePage(deps, c, p, param(c, "key"))),
  );

  app.post(
    "/hr/recruiting/stages",
    consolePost(deps, "/hr/recruiting/stages", stagesPage, async (c, { p, form }) => {
      const f = sentForm(form);
      const existing = (await readSection(deps, "stages") as StageEntry[]).some((e) => e.key === f.key);
      const again = (o: Opts) => existing ? stagePage(deps, c, p, f.key, o) : stagesPage(deps, c, p, o);
      if (form.get("action") === "preview") return await again({ form: f });
      const result = await applySections(deps, { stages: [entryOf(f)] });
      if (!result.ok) {
        const errors = entryProblems(result.problems, "stages[0]");
        return await again({ errors, status: 400, form: f });
      }
      return await stagePage(deps, c, p, f.key, { flash: fill(stageTexts(p.lang).saved, { key: f.key }) });
    }),
  );
}
