/** @jsxImportSource hono/jsx */
/**
 * The HR console's recruiting: positions (created, changed, opened and closed; the open ones appear on the
 * careers page), their applications by stage, and one application with the candidate's files, tasks and
 * notes (shared with the hiring team or private to HR), how to reach the candidate, and the tasks the stages
 * put on it, which HR marks done. A stage move is the connector's `commit_stage_move` itself
 * (`commitStageMove`: the same gate and the same automatic tasks), and a candidate's data is deleted after a
 * confirmation step (a page of its own, no JavaScript).
 */
import type { Context, Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { fill, isLang } from "../i18n/mod.ts";
import { recruitingTexts } from "../i18n/console_recruiting.ts";
import { portalActor } from "../services/actor.ts";
import { localName } from "../services/common.ts";
import {
  addHrNote,
  candidateContact,
  commitStageMove,
  getApplication,
  listApplications,
  listHrNotes,
  listPositions,
} from "../services/hr_recruiting.ts";
import {
  getApplicationFile,
  getPositionForHr,
  listApplicationFiles,
  POSITION_STATUSES,
  savePosition,
} from "../services/hr_positions.ts";
import { deleteApplication } from "../services/application_retention.ts";
import { completeRecruitingTask, listApplicationTasks } from "../services/recruiting_tasks.ts";
import { hiredAs, listStages } from "../services/hr_console.ts";
import {
  CantonSelect,
  consoleGet,
  ConsolePage,
  consolePost,
  consolePostOn,
  download,
  Field,
  formText,
  Hint,
  hrPage,
  type Page,
  param,
  PercentField,
  PostForm,
  refusalShown,
  render,
  RowAction,
  Table,
} from "./console_kit.tsx";
import { refusalText, swissDate } from "./console_common.ts";
import { ORG_LANGUAGES } from "../settings.ts";

type Status = 200 | 400 | 403 | 404 | 409;
type Form = Record<string, string>;
type Opts = { flash?: string; errors?: string[]; status?: Status; form?: Form };

function PositionForm(props: { p: Page; f: Form; id?: string }) {
  const rt = recruitingTexts(props.p.lang);
  const { f } = props;
  return (
    <PostForm p={props.p} action="/hr/recruiting/positions">
      {props.id ? <input type="hidden" name="id" value={props.id} /> : null}
      <Field id="ptitle" label={rt.title} name="title" type="text" required maxlength={200} value={f.title} />
      <label for="pstatus">{rt.status}</label>
      <select id="pstatus" name="status">
        {POSITION_STATUSES.map((s) => (
          <option key={s} value={s} selected={(f.status ?? "DRAFT") === s}>{rt.statusNames[s]}</option>
        ))}
      </select>
      <Field
        id="pdept"
        label={rt.department}
        name="department"
        type="text"
        maxlength={100}
        value={f.department}
      />
      <Field id="ploc" label={rt.location} name="location" type="text" maxlength={100} value={f.location} />
      <CantonSelect id="pcanton" label={rt.canton} value={f.canton} none="–" />
      <PercentField id="pmin" label={rt.workloadFrom} name="workload_min" value={f.workload_min} />
      <PercentField id="pmax" label={rt.workloadTo} name="workload_max" value={f.workload_max} />
      <Field
        id="phm"
        label={rt.hiringManager}
        name="hiring_manager"
        type="text"
        maxlength={40}
        value={f.hiring_manager}
      />
      <label for="prec">{rt.recruiters}</label>
      <textarea id="prec" name="recruiters" rows={3} aria-describedby="prec-hint">
        {f.recruiters ?? ""}
      </textarea>
      <Hint id="prec-hint">{rt.recruitersHint}</Hint>
      <Field
        id="pstart"
        label={rt.startDate}
        hint={rt.startDateHint}
        name="start_date"
        type="date"
        value={f.start_date}
      />
      <fieldset>
        <legend>{rt.advertisement}</legend>
        <p class="muted">{rt.advertisementHint}</p>
        {ORG_LANGUAGES.map((lang) => (
          <>
            <label for={`pad-${lang}`}>{rt.languageNames[lang]}</label>
            <textarea id={`pad-${lang}`} name={`ad_${lang}`} rows={8} maxlength={20000} lang={lang}>
              {f[`ad_${lang}`] ?? ""}
            </textarea>
          </>
        ))}
      </fieldset>
      <button type="submit">{props.p.t.save}</button>
    </PostForm>
  );
}

async function positionsPage(deps: AppDeps, c: Context, p: Page, opts: Opts = {}) {
  const rt = recruitingTexts(p.lang);
  const list = await listPositions(deps, portalActor(p.user), { limit: 50 });
  return render(
    c,
    <ConsolePage p={p} title={rt.recruiting} here="recruiting" flash={opts.flash} errors={opts.errors}>
      <p>
        {rt.intro} <a href={`/careers?lang=${p.lang}`}>{rt.careersPage}</a> ·{" "}
        <a href="/hr/recruiting/stages">{rt.stagesLink}</a>
      </p>
      <Table cols={[rt.title, rt.status, rt.applications]}>
        {list.items.map((x) => (
          <tr key={x.id}>
            <td>
              <a href={`/hr/recruiting/positions/${x.id}`}>{x.title}</a>
            </td>
            <td>{rt.statusNames[x.status as keyof typeof rt.statusNames] ?? x.status}</td>
            <td>{String(x.openApplications)}</td>
          </tr>
        ))}
      </Table>
      <h2>{rt.newPosition}</h2>
      <PositionForm p={p} f={opts.form ?? {}} />
    </ConsolePage>,
    opts.status ?? 200,
  );
}

/** The positions with a service's refusal on top (404): the application is not there, or not for this person. */
async function notThere(deps: AppDeps, c: Context, p: Page, e: unknown) {
  if (!(e instanceof AppError)) throw e;
  return await positionsPage(deps, c, p, { errors: [refusalText(e, p.lang)], status: 404 });
}

function formOfPosition(x: Awaited<ReturnType<typeof getPositionForHr>>): Form {
  return {
    title: x.title,
    status: x.status,
    department: x.department,
    location: x.location,
    canton: x.canton,
    workload_min: x.workloadMin === null ? "" : String(x.workloadMin),
    workload_max: x.workloadMax === null ? "" : String(x.workloadMax),
    hiring_manager: x.hiringManager,
    recruiters: x.recruiters.join("\n"),
    ...Object.fromEntries(ORG_LANGUAGES.map((l) => [`ad_${l}`, x.advertisements[l] ?? ""])),
    start_date: x.startDate,
  };
}

async function positionPage(deps: AppDeps, c: Context, p: Page, id: string, opts: Opts = {}) {
  const all = await listStages(deps);
  const requested = c.req.query("stage") ?? "";
  const stageKey = all.some((s) => s.key === requested) ? requested : "";
  const rt = recruitingTexts(p.lang);
  const actor = portalActor(p.user);
  let position;
  try {
    position = await getPositionForHr(deps, actor, id);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return await positionsPage(deps, c, p, {
      errors: [refusalText(e, p.lang)],
      status: e.status === 403 ? 403 : 404,
    });
  }
  const apps = await listApplications(deps, actor, {
    positionId: id,
    limit: 50,
    ...(stageKey ? { stageKey } : {}),
  });
  return render(
    c,
    <ConsolePage
      p={p}
      title={position.title}
      here="recruiting"
      back={["/hr/recruiting", rt.recruiting]}
      flash={opts.flash}
      errors={opts.errors}
    >
      <h2 id="apps">{rt.applications}</h2>
      <form method="get" action={`/hr/recruiting/positions/${id}`} class="inline">
        <label for="stage-filter">{rt.stage}</label>
        <select id="stage-filter" name="stage">
          <option value="" selected={!stageKey}>{rt.allStages}</option>
          {all.map((s) => (
            <option key={s.key} value={s.key} selected={stageKey === s.key}>{localName(s, p.lang)}</option>
          ))}
        </select>
        <button type="submit" class="secondary">{rt.filter}</button>
      </form>
      {apps.items.length
        ? (
          <Table labelledBy="apps" cols={[rt.candidate, rt.stage, rt.applied]}>
            {apps.items.map((a) => (
              <tr key={a.id}>
                <td>
                  <a href={`/hr/recruiting/applications/${a.id}`}>{a.candidateName}</a>
                </td>
                <td>{a.stage}</td>
                <td>{swissDate(a.appliedAt, p.lang)}</td>
              </tr>
            ))}
          </Table>
        )
        : <p>{rt.none}</p>}
      <h2>{rt.title}</h2>
      <PositionForm p={p} f={opts.form ?? formOfPosition(position)} id={id} />
    </ConsolePage>,
    opts.status ?? 200,
  );
}

async function applicationPage(deps: AppDeps, c: Context, p: Page, id: string, opts: Opts = {}) {
  const rt = recruitingTexts(p.lang);
  const actor = portalActor(p.user);
  let a;
  try {
    a = await getApplication(deps, actor, id, true);
  } catch (e) {
    return await notThere(deps, c, p, e);
  }
  const files = await listApplicationFiles(deps, actor, id);
  const notes = await listHrNotes(deps, actor, id);
  const contact = await candidateContact(deps, actor, id);
  // Who does each task (the hiring manager when the stage said so), which the connector's reads leave out.
  const tasks = await listApplicationTasks(deps, actor, id);
  const all = await listStages(deps);
  const hired = await hiredAs(deps, id);
  return render(
    c,
    <ConsolePage
      p={p}
      title={a.candidateName}
      here="recruiting"
      back={[`/hr/recruiting/positions/${a.positionId}`, a.positionTitle]}
      flash={opts.flash}
      errors={opts.errors}
    >
      <p>{`${rt.stage}: ${a.stage} · ${rt.applied}: ${swissDate(a.appliedAt, p.lang)}`}</p>
      {hired
        ? (
          <p>
            <a href={`/hr/people/${encodeURIComponent(hired)}`}>{`${rt.employeeRecord} ${hired}`}</a>
          </p>
        )
        : null}
      <h2 id="contact">{rt.contact}</h2>
      <dl aria-labelledby="contact">
        <dt>{rt.email}</dt>
        <dd>
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </dd>
        <dt>{rt.phone}</dt>
        <dd>
          {contact.phone ? <a href={`tel:${contact.phone.replace(/[^+0-9]/g, "")}`}>{contact.phone}</a> : "–"}
        </dd>
        <dt>{rt.language}</dt>
        <dd>{isLang(contact.language) ? rt.languageNames[contact.language] : rt.noLanguage}</dd>
      </dl>
      <h2>{rt.files}</h2>
      <ul>
        {files.map((f) => (
          <li key={f.kind}>
            <a href={`/hr/recruiting/applications/${id}/files/${f.kind}`}>
              {`${f.kind === "CV" ? rt.cv : rt.letter} (${f.fileName})`}
            </a>
          </li>
        ))}
      </ul>
      {tasks.length
        ? (
          <>
            <h2>{rt.tasks}</h2>
            <ul>
              {tasks.map((t) => (
                <li key={t.id}>
                  {`${t.done ? "✓" : "○"} ${t.title}${t.blocking ? ` (${rt.blocking})` : ""}${
                    t.assignee ? ` · ${t.assignee}` : ""
                  }`}
                  {t.done ? null : (
                    <RowAction
                      p={p}
                      action={`/hr/recruiting/applications/${id}/tasks/${t.id}/done`}
                      label={rt.markDone}
                      about={t.title}
                      inline
                    />
                  )}
                </li>
              ))}
            </ul>
          </>
        )
        : null}
      <h2 id="notes">{rt.notes}</h2>
      {notes.length
        ? (
          <ul aria-labelledby="notes">
            {notes.map((n, i) => (
              <li key={i} class={n.visibility === "PRIVATE_HR" ? "private" : undefined}>
                {`${swissDate(n.createdAt, p.lang)} ${n.author}${
                  n.visibility === "PRIVATE_HR" ? ` (${rt.privateMark})` : ""
                }: ${n.body}`}
              </li>
            ))}
          </ul>
        )
        : <p>{rt.noNotes}</p>}
      <PostForm p={p} action={`/hr/recruiting/applications/${id}/notes`}>
        <label for="note">{rt.addNote}</label>
        <textarea id="note" name="note" rows={3} maxlength={4000} required>{opts.form?.note ?? ""}</textarea>
        <fieldset>
          <legend>{rt.noteVisibility}</legend>
          {(["SHARED", "PRIVATE_HR"] as const).map((v) => (
            <div class="scope">
              <input
                id={`vis-${v}`}
                type="radio"
                name="visibility"
                value={v}
                checked={(opts.form?.visibility ?? "SHARED") === v}
              />
              <label for={`vis-${v}`}>{v === "SHARED" ? rt.noteShared : rt.notePrivate}</label>
            </div>
          ))}
        </fieldset>
        <button type="submit">{rt.addNote}</button>
      </PostForm>
      <h2>{rt.move}</h2>
      <PostForm p={p} action={`/hr/recruiting/applications/${id}/move`}>
        <label for="to">{rt.moveTo}</label>
        <select id="to" name="to">
          {all.filter((s) => s.key !== a.stageKey).map((s) => (
            <option key={s.key} value={s.key}>{localName(s, p.lang)}</option>
          ))}
        </select>
        <button type="submit">{rt.move}</button>
      </PostForm>
      <p>
        <a href={`/hr/recruiting/applications/${id}/delete`} class="button secondary">{rt.deleteData}</a>
      </p>
    </ConsolePage>,
    opts.status ?? 200,
  );
}

/** The step before a deletion: what goes, a button that deletes (POST with the token) and a way back. */
async function deletePage(deps: AppDeps, c: Context, p: Page, id: string, opts: Opts = {}) {
  const rt = recruitingTexts(p.lang);
  let a;
  try {
    a = await getApplication(deps, portalActor(p.user), id, false);
  } catch (e) {
    return await notThere(deps, c, p, e);
  }
  const question = fill(rt.deleteQuestion, { name: a.candidateName });
  return render(
    c,
    <ConsolePage
      p={p}
      title={question}
      here="recruiting"
      back={[`/hr/recruiting/positions/${a.positionId}`, a.positionTitle]}
      errors={opts.errors}
    >
      <p class="warn">{rt.deleteWarning}</p>
      <PostForm p={p} action={`/hr/recruiting/applications/${id}/delete`}>
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit" class="danger">{rt.deleteConfirm}</button>
        <a href={`/hr/recruiting/applications/${id}`} class="button secondary">{rt.cancel}</a>
      </PostForm>
    </ConsolePage>,
    opts.status ?? 200,
  );
}

/** The form's numbers: a number, null when empty, NaN for anything else (the service names it). */
function numberOrNull(v: string): number | null {
  return v.trim() === "" ? null : Number(v);
}

/** Mounts the recruiting pages under /hr/recruiting. */
// deno-lint-ignore no-explicit-any
export function mountConsoleRecruiting(app: Hono<any>, deps: AppDeps): void {
  app.get("/hr/recruiting", consoleGet(deps, "/hr/recruiting", (c, p) => positionsPage(deps, c, p)));

  app.get(
    "/hr/recruiting/positions/:id",
    consoleGet(deps, "/hr/recruiting", (c, p) => positionPage(deps, c, p, param(c, "id"))),
  );

  app.post(
    "/hr/recruiting/positions",
    consolePost(deps, "/hr/recruiting", positionsPage, async (c, { p, form }) => {
      const f: Form = {};
      for (
        const k of [
          "title",
          "status",
          "department",
          "location",
          "canton",
          "workload_min",
          "workload_max",
          "start_date",
        ]
      ) {
        f[k] = formText(form, k, 200);
      }
      f.hiring_manager = formText(form, "hiring_manager", 40);
      f.recruiters = formText(form, "recruiters", 2000);
      for (const l of ORG_LANGUAGES) {
        f[`ad_${l}`] = (form.get(`ad_${l}`) ?? "").replaceAll("\r\n", "\n").slice(0, 20_001);
      }
      const id = form.get("id") || undefined;
      try {
        const saved = await savePosition(deps, portalActor(p.user), {
          id,
          title: f.title,
          status: f.status,
          department: f.department,
          location: f.location,
          canton: f.canton,
          workloadMin: numberOrNull(f.workload_min),
          workloadMax: numberOrNull(f.workload_max),
          hiringManager: f.hiring_manager,
          recruiters: f.recruiters.split(/[\s,;]+/),
          advertisements: Object.fromEntries(ORG_LANGUAGES.map((l) => [l, f[`ad_${l}`]])),
          startDate: f.start_date,
        });
        return await positionPage(deps, c, p, saved, { flash: recruitingTexts(p.lang).saved });
      } catch (e) {
        const shown = { ...refusalShown(e, p.lang, [404, 403] as const), form: f };
        return id ? await positionPage(deps, c, p, id, shown) : await positionsPage(deps, c, p, shown);
      }
    }),
  );

  app.get(
    "/hr/recruiting/applications/:id",
    consoleGet(deps, "/hr/recruiting", (c, p) => applicationPage(deps, c, p, param(c, "id"))),
  );

  app.get("/hr/recruiting/applications/:id/files/:kind", async (c) => {
    const p = await hrPage(deps, c, "/hr/recruiting");
    if (p instanceof Response) return p;
    try {
      const f = await getApplicationFile(deps, portalActor(p.user), param(c, "id"), param(c, "kind"));
      // `cv.pdf` or `letter.pdf`, never the candidate's own name (`applicationFileName`).
      return download(c, f);
    } catch (e) {
      return await notThere(deps, c, p, e);
    }
  });

  app.post(
    "/hr/recruiting/applications/:id/move",
    consolePostOn(deps, "/hr/recruiting", applicationPage, async (c, id, { p, form }) => {
      const to = formText(form, "to", 40);
      try {
        const r = await commitStageMove(deps, portalActor(p.user), id, to);
        const rt = recruitingTexts(p.lang);
        return await applicationPage(deps, c, p, id, {
          flash: fill(rt.moved, { stage: r.toStage.name }) +
            (r.employeeId ? ` ${fill(rt.hiredAs, { name: r.candidateName })}` : ""),
        });
      } catch (e) {
        return await applicationPage(deps, c, p, id, refusalShown(e, p.lang, [409, 404, 403] as const));
      }
    }),
  );

  app.post(
    "/hr/recruiting/applications/:id/notes",
    consolePostOn(deps, "/hr/recruiting", applicationPage, async (c, id, { p, form }) => {
      const f = {
        note: (form.get("note") ?? "").replaceAll("\r\n", "\n").slice(0, 4001),
        visibility: (form.get("visibility") ?? "SHARED").slice(0, 20),
      };
      try {
        await addHrNote(deps, portalActor(p.user), id, f.note, f.visibility);
      } catch (e) {
        if (e instanceof AppError && e.status === 404) return await notThere(deps, c, p, e);
        return await applicationPage(deps, c, p, id, { ...refusalShown(e, p.lang, [403] as const), form: f });
      }
      return await applicationPage(deps, c, p, id, { flash: recruitingTexts(p.lang).noteSaved });
    }),
  );

  app.get(
    "/hr/recruiting/applications/:id/delete",
    consoleGet(deps, "/hr/recruiting", (c, p) => deletePage(deps, c, p, param(c, "id"))),
  );

  app.post(
    "/hr/recruiting/applications/:id/tasks/:task/done",
    consolePostOn(deps, "/hr/recruiting", applicationPage, async (c, id, { p }) => {
      try {
        const r = await completeRecruitingTask(deps, portalActor(p.user), param(c, "task"), id);
        return await applicationPage(deps, c, p, id, {
          flash: fill(recruitingTexts(p.lang).taskDone, { task: r.title }),
        });
      } catch (e) {
        return await applicationPage(deps, c, p, id, refusalShown(e, p.lang, [404, 403] as const));
      }
    }),
  );

  app.post(
    "/hr/recruiting/applications/:id/delete",
    consolePostOn(deps, "/hr/recruiting", deletePage, async (c, id, { p, form }) => {
      // Only the confirmation page's button deletes; anything else posted here shows that page first.
      if (form.get("confirm") !== "yes") return await deletePage(deps, c, p, id);
      try {
        // Only someone who may see the application deletes it.
        await getApplication(deps, portalActor(p.user), id, false);
        await deleteApplication(deps, id);
      } catch (e) {
        return await notThere(deps, c, p, e);
      }
      return await positionsPage(deps, c, p, { flash: recruitingTexts(p.lang).deleted });
    }),
  );
}
