/** @jsxImportSource hono/jsx */
/**
 * The HR console's inbox: what waits for HR and for nobody else. Requests to change personal data (applied
 * or rejected), leave requests that have no manager to decide them (the approvals service routes them to HR),
 * and sick leave to follow up with its medical certificates (read, accepted). Each decision goes through the
 * same service the portal's approvals use; a certificate is health data and is shown to HR only.
 */
import type { Context, Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { type InboxTexts, inboxTexts } from "../i18n/console_inbox.ts";
import { portalActor } from "../services/actor.ts";
import {
  decideLeaveRequest,
  decideProfileChange,
  listLeaveApprovals,
  listPossibleApprovers,
  listProfileChangeApprovals,
  listStrandedLeaveRequests,
  rerouteLeaveRequest,
} from "../services/approvals.ts";
import { acceptCertificate, listReceivedDocuments, listSickFollowUps } from "../services/hr_inbox.ts";
import { getRequiredDocumentFile } from "../services/document_files.ts";
import { getCertificateFile } from "../services/sick_leave.ts";
import {
  consoleGet,
  ConsolePage,
  consolePost,
  download,
  type Page,
  param,
  PersonOptions,
  PostForm,
  refusalShown,
  render,
  RowAction,
  Table,
} from "./console_kit.tsx";
import { swissDate } from "./console_common.ts";
import { fill } from "../i18n/mod.ts";
import { MAX_DECISION_NOTE } from "../domain/fields.ts";
import { localDay } from "../clock.ts";

type Status = 200 | 400 | 403 | 404 | 409;

/** A decision's button; its accessible name says whose request it decides (`about`), as the row shows it. */
function Decision(props: { value: string; label: string; about: string; secondary?: boolean }) {
  return (
    <button
      type="submit"
      name="decision"
      value={props.value}
      class={props.secondary ? "secondary" : undefined}
      aria-label={`${props.label}: ${props.about}`}
    >
      {props.label}
    </button>
  );
}

async function inboxPage(
  deps: AppDeps,
  c: Context,
  p: Page,
  opts: { flash?: string; errors?: string[]; status?: Status } = {},
) {
  const it = inboxTexts(p.lang);
  const actor = portalActor(p.user);
  const changes = await listProfileChangeApprovals(deps, actor, { limit: 50 });
  const leave = await listLeaveApprovals(deps, actor, { limit: 50 });
  const stranded = await listStrandedLeaveRequests(deps, actor);
  const approvers = stranded.length ? await listPossibleApprovers(deps, actor) : [];
  const sick = await listSickFollowUps(deps, actor);
  const received = await listReceivedDocuments(deps, actor);
  return render(
    c,
    <ConsolePage p={p} title={it.inbox} here="inbox" flash={opts.flash} errors={opts.errors}>
      <p>{it.inboxIntro}</p>

      <h2 id="changes">{it.changes}</h2>
      {changes.items.length
        ? (
          <Table labelledBy="changes" cols={[it.person, it.field, it.value, it.requested, it.decision]}>
            {changes.items.map((r) => (
              <tr>
                <td>{r.employee.name}</td>
                <td>{r.field}</td>
                <td>{r.value}{r.comment ? <p class="hint">{r.comment}</p> : null}</td>
                <td>{swissDate(localDay(Date.parse(r.createdAt), deps.config.timeZone), p.lang)}</td>
                <td>
                  <PostForm p={p} action={`/hr/inbox/changes/${r.id}`}>
                    <Decision value="APPLY" label={it.apply} about={`${r.employee.name}, ${r.field}`} />{" "}
                    <Decision
                      value="REJECT"
                      label={it.reject}
                      about={`${r.employee.name}, ${r.field}`}
                      secondary
                    />
                  </PostForm>
                </td>
              </tr>
            ))}
          </Table>
        )
        : <p>{it.noChanges}</p>}

      <h2 id="leave">{it.leave}</h2>
      {leave.items.length
        ? (
          <Table labelledBy="leave" cols={[it.person, it.leaveType, it.period, it.days, it.decision]}>
            {leave.items.map((a) => (
              <tr>
                <td>{a.employee.name}</td>
                <td>
                  {a.request.leaveType.name}
                  {a.kind === "LEAVE_CANCELLATION" ? <p class="hint">{it.cancellation}</p> : null}
                  {a.request.reason ? <p class="hint">{a.request.reason}</p> : null}
                  {a.attachment
                    ? (
                      <p class="hint">
                        <a href={`/api/v1/portal/approvals/leave-requests/${a.request.id}/attachment`}>
                          {`${it.attachment}: ${a.attachment.fileName}`}
                        </a>
                      </p>
                    )
                    : null}
                </td>
                <td>
                  {`${swissDate(a.request.startDate, p.lang)} – ${swissDate(a.request.endDate, p.lang)}`}
                </td>
                <td>
                  {String(a.request.days)}
                  {a.request.exceedsBalance ? <p class="hint">{it.overdraws}</p> : null}
                </td>
                <td>
                  <PostForm p={p} action={`/hr/inbox/leave/${a.request.id}`}>
                    <label for={`note-${a.request.id}`}>{it.note}</label>
                    <input
                      id={`note-${a.request.id}`}
                      name="note"
                      type="text"
                      maxlength={MAX_DECISION_NOTE}
                    />
                    <Decision value="APPROVE" label={it.approve} about={a.employee.name} />{" "}
                    <Decision value="REJECT" label={it.reject} about={a.employee.name} secondary />
                  </PostForm>
                </td>
              </tr>
            ))}
          </Table>
        )
        : <p>{it.noLeave}</p>}

      <h2 id="stranded">{it.stranded}</h2>
      <p>{it.strandedIntro}</p>
      {stranded.length
        ? (
          <Table labelledBy="stranded" cols={[it.person, it.period, it.waitsFor, it.decision]}>
            {stranded.map((a) => (
              <tr>
                <td>
                  {a.employee.name}
                  <p class="hint">
                    {`${a.request.leaveType.name}, ${String(a.request.days)} ${it.days}`}
                    {a.kind === "LEAVE_CANCELLATION" ? ` · ${it.cancellation}` : ""}
                  </p>
                  {a.request.exceedsBalance ? <p class="hint">{it.overdraws}</p> : null}
                </td>
                <td>
                  {`${swissDate(a.request.startDate, p.lang)} – ${swissDate(a.request.endDate, p.lang)}`}
                </td>
                <td>
                  {`${a.approver.name} (${a.approver.personnelNumber})`}
                  <p class="hint">{it.cannotAct[a.approver.reason]}</p>
                </td>
                <td>
                  <PostForm p={p} action={`/hr/inbox/leave/${a.request.id}`}>
                    <label for={`snote-${a.request.id}`}>{it.note}</label>
                    <input
                      id={`snote-${a.request.id}`}
                      name="note"
                      type="text"
                      maxlength={MAX_DECISION_NOTE}
                    />
                    <Decision value="APPROVE" label={it.approve} about={a.employee.name} />{" "}
                    <Decision value="REJECT" label={it.reject} about={a.employee.name} secondary />
                  </PostForm>
                  {approvers.length
                    ? (
                      <PostForm p={p} action={`/hr/inbox/leave/${a.request.id}/route`}>
                        <label for={`route-${a.request.id}`}>{it.routeTo}</label>
                        <select id={`route-${a.request.id}`} name="approver">
                          <PersonOptions people={approvers} value={undefined} />
                        </select>
                        <button
                          type="submit"
                          class="secondary"
                          aria-label={`${it.route}: ${a.employee.name}`}
                        >
                          {it.route}
                        </button>
                      </PostForm>
                    )
                    : null}
                </td>
              </tr>
            ))}
          </Table>
        )
        : <p>{it.noStranded}</p>}

      <h2 id="sick">{it.sick}</h2>
      {sick.length
        ? (
          <Table labelledBy="sick" cols={[it.person, it.period, it.days, it.certificate]}>
            {sick.map((s) => (
              <tr>
                <td>{`${s.name} (${s.personnelNumber})`}</td>
                <td>
                  {s.isOngoing
                    ? `${it.since} ${swissDate(s.startDate, p.lang)} (${it.ongoing})`
                    : `${swissDate(s.startDate, p.lang)} – ${swissDate(s.endDate, p.lang)}`}
                </td>
                <td>{String(s.totalDays)}</td>
                <td>
                  {it.state[s.certificateState]}
                  {s.hasFile
                    ? (
                      <>
                        {" · "}
                        <a href={`/hr/inbox/certificates/${s.id}`}>{it.openFile}</a>
                      </>
                    )
                    : null}
                  {s.hasFile && s.certificateState !== "ACCEPTED"
                    ? (
                      <RowAction
                        p={p}
                        action={`/hr/inbox/certificates/${s.id}/accept`}
                        label={it.accept}
                        about={s.name}
                      />
                    )
                    : null}
                </td>
              </tr>
            ))}
          </Table>
        )
        : <p>{it.noSick}</p>}

      <h2 id="documents">{it.documents}</h2>
      {received.length
        ? (
          <Table labelledBy="documents" cols={[it.person, it.document, it.received]}>
            {received.map((d) => (
              <tr key={d.id}>
                <td>{`${d.name} (${d.personnelNumber})`}</td>
                <td>
                  <a href={`/hr/inbox/documents/${d.id}`}>{d.kind}</a>
                </td>
                <td>{swissDate(new Date(d.receivedAt).toISOString(), p.lang)}</td>
              </tr>
            ))}
          </Table>
        )
        : <p>{it.noDocuments}</p>}
    </ConsolePage>,
    opts.status ?? 200,
  );
}

/** The inbox again with a service's refusal, at the refusal's own status. */
async function refused(deps: AppDeps, c: Context, p: Page, e: unknown) {
  return await inboxPage(deps, c, p, refusalShown(e, p.lang, [404, 409, 403, 400] as const));
}

/** A decision the form sent, or null when it is none of the allowed ones. */
function decisionOf<D extends string>(form: URLSearchParams, allowed: readonly D[]): D | null {
  const d = form.get("decision");
  return (allowed as readonly string[]).includes(d ?? "") ? d as D : null;
}

/** Mounts the inbox under /hr/inbox. */
// deno-lint-ignore no-explicit-any
export function mountConsoleInbox(app: Hono<any>, deps: AppDeps): void {
  const texts = (p: Page): InboxTexts => inboxTexts(p.lang);

  app.get("/hr/inbox", consoleGet(deps, "/hr/inbox", (c, p) => inboxPage(deps, c, p)));

  /**
   * A decision on the request `:id`: one of `allowed` (else refused, 400), taken by `decide`; the inbox
   * again with `done`'s outcome, or with the service's refusal.
   */
  const decision = <D extends string>(
    allowed: readonly D[],
    decide: (id: string, decision: D, form: URLSearchParams, p: Page) => Promise<unknown>,
    done: (t: InboxTexts, decision: D) => string,
  ) =>
    consolePost(deps, "/hr/inbox", inboxPage, async (c, { p, form }) => {
      const d = decisionOf(form, allowed);
      if (!d) return await inboxPage(deps, c, p, { errors: [texts(p).badDecision], status: 400 });
      try {
        await decide(param(c, "id"), d, form, p);
      } catch (e) {
        return await refused(deps, c, p, e);
      }
      return await inboxPage(deps, c, p, { flash: done(texts(p), d) });
    });

  app.post(
    "/hr/inbox/changes/:id",
    decision(
      ["APPLY", "REJECT"] as const,
      (id, decision, _, p) => decideProfileChange(deps, portalActor(p.user), { id, decision }),
      (t, decision) => decision === "APPLY" ? t.applied : t.rejected,
    ),
  );

  app.post(
    "/hr/inbox/leave/:id",
    decision(
      ["APPROVE", "REJECT"] as const,
      (id, decision, form, p) => {
        // Taken whole: a note longer than the rule is the decision's to refuse, never cut here.
        const note = (form.get("note") ?? "").trim();
        return decideLeaveRequest(deps, portalActor(p.user), { id, decision, ...(note ? { note } : {}) });
      },
      (t) => t.decided,
    ),
  );

  app.post(
    "/hr/inbox/leave/:id/route",
    consolePost(deps, "/hr/inbox", inboxPage, async (c, { p, form }) => {
      try {
        const r = await rerouteLeaveRequest(deps, portalActor(p.user), {
          id: param(c, "id"),
          approverPersonnelNumber: form.get("approver") ?? "",
        });
        return await inboxPage(deps, c, p, { flash: fill(texts(p).routed, { name: r.approver.name }) });
      } catch (e) {
        return await refused(deps, c, p, e);
      }
    }),
  );

  /** A file HR opens from the inbox (`read` finds it for HR); the inbox with the refusal when it cannot. */
  const file = (
    read: (
      deps: AppDeps,
      actor: ReturnType<typeof portalActor>,
      id: string,
    ) => Promise<Parameters<typeof download>[1]>,
  ) =>
    consoleGet(deps, "/hr/inbox", async (c, p) => {
      try {
        return download(c, await read(deps, portalActor(p.user), param(c, "id")));
      } catch (e) {
        return await refused(deps, c, p, e);
      }
    });

  app.get("/hr/inbox/certificates/:id", file(getCertificateFile));
  app.get("/hr/inbox/documents/:id", file(getRequiredDocumentFile));

  app.post(
    "/hr/inbox/certificates/:id/accept",
    consolePost(deps, "/hr/inbox", inboxPage, async (c, { p }) => {
      try {
        await acceptCertificate(deps, portalActor(p.user), param(c, "id"));
      } catch (e) {
        return await refused(deps, c, p, e);
      }
      return await inboxPage(deps, c, p, { flash: texts(p).accepted });
    }),
  );
}
