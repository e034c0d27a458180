// @ts-check
/**
 * To-dos and the inbox: documents HR asks for, onboarding tasks, feedback and surveys, notifications
 */
import { call } from "../api.js";
import { card, h, parts } from "../core/dom.js";
import { button, chosenFile, field, handle, UPLOAD_ACCEPT } from "../core/forms.js";
import { show, takeFlash } from "../core/router.js";
import { state, t } from "../core/state.js";
import { formatDate, formatMoment } from "../format.js";

export async function todos() {
  const [td, inbox, policies] = await Promise.all([
    call("GET", "/employee/todos"),
    call("GET", "/employee/notifications?limit=30"),
    call("GET", "/employee/policies"),
  ]);
  // A policy to read: its text is fetched when opened, and acknowledged once read.
  const toRead = policies.items.filter((p) => !p.acknowledgementCurrent).map((p) => {
    const text = h("div", { class: "policy", tabindex: "0", "aria-label": p.title });
    const more = h("details", null, h("summary", null, t("readDocument")), text);
    more.addEventListener("toggle", async () => {
      if (!more.open || text.childNodes.length) return;
      text.textContent = t("loading");
      // The service renders the Markdown in the careers page's safe subset; parsed into an inert document
      // first, so nothing of it runs, and the page's policy allows no inline script or style anyway.
      const { html } = await call("GET", `/employee/policies/${encodeURIComponent(p.slug)}`);
      text.replaceChildren(...new DOMParser().parseFromString(html, "text/html").body.childNodes);
    });
    return h(
      "li",
      { "data-policy": p.slug },
      h("strong", null, p.title),
      p.acknowledgedAt ? ` · ${t("changedSince", { date: formatDate(p.acknowledgedAt) })}` : "",
      more,
      button(`ack-${p.slug}`, t("acknowledge"), async (key) => {
        await call("POST", `/employee/policies/${encodeURIComponent(p.slug)}/acknowledgement`, { key });
        state.flash = t("acknowledged", { title: p.title });
        await show();
      }),
    );
  });
  const docs = td.documentsMissing.map((d) => {
    const name = `doc-${d.id}`;
    const f = handle(
      h(
        "form",
        { id: `docf-${d.id}`, class: "sub" },
        field(name, t("chooseFile", { what: d.kind }), { type: "file", accept: UPLOAD_ACCEPT }),
        h("button", { type: "submit", class: "secondary" }, t("upload")),
      ),
      async (key) => {
        const file = chosenFile(f, name, true);
        const form = new FormData();
        form.append("file", /** @type {File} */ (file));
        await call("POST", `/employee/todos/documents/${d.id}/file`, { form, key });
        state.flash = t("docUploaded", { what: d.kind });
        await show();
      },
    );
    return h(
      "li",
      { "data-doc": d.id },
      h("strong", null, d.kind),
      d.dueDate ? ` · ${t("dueOn", { date: formatDate(d.dueDate) })}` : "",
      f,
    );
  });
  const tasks = td.onboarding.tasks.map((task) =>
    h(
      "li",
      { "data-task": task.id },
      h("strong", null, task.title),
      task.dueDate ? ` · ${t("dueOn", { date: formatDate(task.dueDate) })}` : "",
      task.mine
        ? button(`task-${task.id}`, t("markDone"), async (key) => {
          await call("POST", `/employee/todos/onboarding-tasks/${task.id}/done`, { key });
          state.flash = t("taskDone");
          await show();
        })
        : h("p", { class: "muted" }, t("notMine")),
    )
  );
  const others = [
    ...td.feedbackDrafts.map((f) =>
      h("li", null, t("feedbackDraft", { cycle: f.cycle, about: f.about ?? "–" }))
    ),
    ...td.surveyInvitations.map((s) =>
      h(
        "li",
        null,
        t("survey", { title: s.title }),
        s.dueDate ? ` · ${t("dueOn", { date: formatDate(s.dueDate) })}` : "",
      )
    ),
  ];
  const read = (/** @type {string[] | null} */ ids) => async (/** @type {string} */ key) => {
    await call("POST", "/employee/notifications/read", { json: ids ? { ids } : { all: true }, key });
    state.flash = t("markedRead");
    await show();
  };
  return parts(
    h("h1", null, t("todosTitle")),
    takeFlash(),
    card(
      "h-read",
      t("toRead"),
      toRead.length ? h("ul", { class: "list" }, toRead) : h("p", null, t("nothingToRead")),
    ),
    card(
      "h-docs",
      t("docsMissing"),
      docs.length
        ? [h("p", { class: "muted" }, t("uploadHint")), h("ul", { class: "list" }, docs)]
        : h("p", null, t("noDocs")),
    ),
    card(
      "h-tasks",
      t("onboardingTasks"),
      tasks.length ? h("ul", { class: "list" }, tasks) : h("p", null, t("noTasks")),
    ),
    others.length ? card("h-other", t("otherTodos"), h("ul", { class: "list" }, others)) : null,
    card(
      "h-inbox",
      t("inbox", { n: inbox.unreadCount }),
      inbox.items.length
        ? h(
          "ul",
          { class: "list" },
          inbox.items.map((n) =>
            h(
              "li",
              { "data-notification": n.id, class: n.readAt ? "" : "unread" },
              n.readAt ? null : [h("span", { class: "badge s-OPEN" }, t("unread")), " "],
              n.readAt ? n.text : h("strong", null, n.text),
              h("p", { class: "muted" }, formatMoment(n.createdAt)),
              n.readAt ? null : button(`read-${n.id}`, t("markRead"), read([n.id])),
            )
          ),
        )
        : h("p", null, t("noNotifications")),
      inbox.unreadCount > 1 ? button("read-all", t("markAllRead"), read(null)) : null,
    ),
  );
}
