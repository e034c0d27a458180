/** @jsxImportSource hono/jsx */
/**
 * The HR console's recruiting stages: their order, the blocking-task gate, whether a stage marks the
 * candidate hired or rejected, and the automatic tasks entering it sets off (an e-mail to the candidate from
 * a template, a task for the recruiting team or the hiring manager, a note to the hiring manager, the hire).
 * A save is the stage's entry of the configuration file, checked and applied by `org apply`'s own code
 * (`applySections`, through the kit's `entryPages`), so the console and the file agree. Each e-mail template is shown rendered with sample
 * placeholders under its fields, and the preview button renders what was typed without saving.
 */
import type { Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { CODE_KEY_HTML } from "../domain/fields.ts";
import { fill, LANGS_SWISS_ORDER } from "../i18n/mod.ts";
import { type StageTexts, stageTexts } from "../i18n/console_stages.ts";
import { renderTemplate, TEMPLATE_PLACEHOLDERS } from "../domain/recruiting.ts";
import {
  Check,
  Choice,
  type EntryForm as Form,
  type EntryPages,
  entryPages,
  Field,
  formLines,
  formText,
  formYes,
  Hint,
  KeyField,
  NameFieldset,
  numberOrText,
  type Page,
  PostForm,
  Table,
  TextArea,
} from "./console_kit.tsx";

const KINDS = ["", "EMAIL_CANDIDATE", "CREATE_TASK", "NOTIFY_HIRING_MANAGER", "MARK_HIRED"] as const;
/** German is required of a candidate e-mail; these languages are optional (German stands in). */
const EMAIL_LANGUAGES = LANGS_SWISS_ORDER;
const TRANSLATED = EMAIL_LANGUAGES.filter((l) => l !== "de");
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

function StageForm(props: { p: Page; t: StageTexts; f: Form; existing: boolean }) {
  const { p, t: st, f } = props;
  const placeholders = fill(st.placeholders, { list: TEMPLATE_PLACEHOLDERS.map((x) => `{${x}}`).join(", ") });
  return (
    <PostForm p={p} action="/hr/recruiting/stages">
      <KeyField
        existing={props.existing}
        name="key"
        label={st.key}
        hint={st.keyHint}
        maxlength={40}
        pattern={CODE_KEY_HTML}
        value={f.key}
      />
      <NameFieldset
        legend={st.name}
        langs={["de", "fr", "en"]}
        languageNames={st.languageNames}
        required={() => true}
        f={f}
      />
      <Field id="order" label={st.order} name="order" type="number" step="1" required value={f.order} />
      <Check
        id="gated"
        label={st.gated}
        name="gated"
        checked={f.gated === "yes"}
        describedBy="gated-hint"
      />
      <Hint id="gated-hint">{st.gatedHint}</Hint>
      <Choice
        id="outcome"
        label={st.outcome}
        name="outcome"
        options={["NONE", "HIRED", "REJECTED"] as const}
        names={st.outcomeNames}
        value={f.outcome}
        dflt="NONE"
      />
      <h2>{st.tasks}</h2>
      <p class="muted">{st.tasksHint}</p>
      {taskRows(f).map((i) => {
        const id = (k: string) => `task-${i}-${k}`;
        const name = (k: string) => `task_${i}_${k}`;
        return (
          <fieldset>
            <legend>{fill(st.task, { n: String(i + 1) })}</legend>
            <Choice
              id={id("kind")}
              label={st.kind}
              name={name("kind")}
              options={KINDS}
              names={st.kindNames}
              value={f[name("kind")]}
              dflt=""
            />
            <Field
              id={id("title")}
              label={st.title}
              name={name("title")}
              type="text"
              maxlength={300}
              value={f[name("title")]}
            />
            <Hint id={id("ph")}>{`${placeholders} ${st.languagesHint}`}</Hint>
            {EMAIL_LANGUAGES.map((lang) => (
              <>
                <Field
                  id={id(`subject-${lang}`)}
                  label={`${st.subject} (${st.languageNames[lang]})`}
                  name={name(`subject_${lang}`)}
                  type="text"
                  maxlength={300}
                  lang={lang}
                  describedBy={id("ph")}
                  value={f[name(`subject_${lang}`)]}
                />
                <TextArea
                  id={id(`body-${lang}`)}
                  label={`${st.body} (${st.languageNames[lang]})`}
                  name={name(`body_${lang}`)}
                  rows={lang === "de" ? 6 : 4}
                  lang={lang}
                  describedBy={id("ph")}
                  value={f[name(`body_${lang}`)]}
                />
              </>
            ))}
            <Check
              id={id("blocking")}
              label={st.blocking}
              name={name("blocking")}
              checked={f[name("blocking")] === "yes"}
            />
            <Choice
              id={id("assignee")}
              label={st.assignee}
              name={name("assignee")}
              options={["HR", "HIRING_MANAGER"] as const}
              names={st.assigneeNames}
              value={f[name("assignee")]}
              dflt="HR"
            />
            <EmailPreview st={st} f={f} i={i} />
          </fieldset>
        );
      })}
      <button type="submit" name="action" value="save">{p.t.save}</button>{" "}
      <button type="submit" name="action" value="preview" class="secondary" aria-describedby="preview-hint">
        {st.preview}
      </button>
      <Hint id="preview-hint">{st.previewHint}</Hint>
    </PostForm>
  );
}

/** A stage's name in the reader's language; Italian readers read the German one (stages have no Italian). */
const nameOf = (p: Page, e: StageEntry) => p.lang === "it" ? e.name.de : e.name[p.lang];

/** The form as sent, cut to the fields' lengths; tasks whose kind is empty are dropped. */
function sentForm(form: URLSearchParams): Form {
  const f: Form = {};
  for (const k of ["key", "name_de", "name_fr", "name_en", "order", "outcome"]) {
    f[k] = formText(form, k, 100, true);
  }
  f.gated = formYes(form, "gated");
  let n = 0;
  for (let i = 0; i < MAX_TASKS; i++) {
    const kind = (form.get(`task_${i}_kind`) ?? "").trim();
    if (!kind) continue;
    f[`task_${n}_kind`] = kind.slice(0, 40);
    f[`task_${n}_title`] = formText(form, `task_${i}_title`, 301, true);
    for (const l of EMAIL_LANGUAGES) {
      f[`task_${n}_subject_${l}`] = formText(form, `task_${i}_subject_${l}`, 301, true);
      f[`task_${n}_body_${l}`] = formLines(form, `task_${i}_body_${l}`, 20_001, true);
    }
    f[`task_${n}_blocking`] = formYes(form, `task_${i}_blocking`);
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
  return {
    key: f.key,
    name: { de: f.name_de, fr: f.name_fr, en: f.name_en },
    order: numberOrText(f.order),
    gated: f.gated === "yes",
    marksHired: f.outcome === "HIRED",
    marksRejected: f.outcome === "REJECTED",
    automaticTasks: tasks,
  };
}

const STAGES: EntryPages<StageEntry, StageTexts> = {
  section: "stages",
  base: "/hr/recruiting/stages",
  here: "recruiting",
  keyField: "key",
  texts: stageTexts,
  keyOf: (e) => e.key,
  list: {
    title: (st) => st.stages,
    back: (p) => ["/hr/recruiting", p.t.navRecruiting],
    content: (p, st, list) => (
      <>
        <p>{st.intro}</p>
        <Table cols={[st.order, st.name, st.key, st.automatic]}>
          {list.map((e) => (
            <tr>
              <td>{String(e.order)}</td>
              <td>
                <a href={`/hr/recruiting/stages/${e.key}`}>{nameOf(p, e)}</a>
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
      </>
    ),
    newEntry: (st) => st.newStage,
  },
  entry: {
    title: (p, _, e) => ({ title: `${nameOf(p, e)} (${e.key})` }),
    back: (st) => st.allStages,
    unknown: (st) => st.unknown,
  },
  form: StageForm,
  formOf,
  sent: sentForm,
  entryOf,
  saved: (st, key) => fill(st.saved, { key }),
  preview: true,
};

/** Mounts the stages pages under /hr/recruiting/stages. */
// deno-lint-ignore no-explicit-any
export function mountConsoleStages(app: Hono<any>, deps: AppDeps): void {
  const pages = entryPages(deps, STAGES);
  app.get("/hr/recruiting/stages", pages.list);
  app.get("/hr/recruiting/stages/:key", pages.entry);
  app.post("/hr/recruiting/stages", pages.save);
}
