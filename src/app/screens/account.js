// @ts-check
/**
 * Account: language, push to this browser, sign-out
 */
import { call, forget, SignedOutError } from "../api.js";
import { h, parts } from "../core/dom.js";
import { handle } from "../core/forms.js";
import { takeFlash } from "../core/router.js";
import { HOME_KEY, SESSION_KEY, state, t } from "../core/state.js";
import { languageForm } from "./profile.js";
import { pushCard } from "./push.js";

export async function account() {
  const push = await pushCard();
  const form = languageForm();
  const out = handle(
    h("form", { id: "signout" }, h("button", { type: "submit", class: "secondary" }, t("signOut"))),
    async () => {
      await call("DELETE", "/auth/session").catch((e) => {
        if (!(e instanceof SignedOutError)) throw e;
      });
      localStorage.removeItem(HOME_KEY);
      localStorage.removeItem(SESSION_KEY);
      forget();
      location.assign("/oauth/signin?next=/");
    },
  );
  return parts(
    takeFlash(),
    h("h1", null, t("settings")),
    h("p", null, t("signedInAs", { email: state.user?.email ?? "" })),
    h(
      "ul",
      { class: "links" },
      h("li", null, h("a", { href: "/profile" }, t("profile"))),
      h("li", null, h("a", { href: "/assistants" }, t("assistants"))),
      h("li", null, h("a", { href: "/salary" }, t("salary"))),
    ),
    // HR staff and administrators run the organisation in the server-rendered console.
    state.user && ["hr", "admin"].includes(state.user.role)
      ? h("p", null, h("a", { href: "/hr" }, t("hrConsole")))
      : null,
    h(
      "section",
      { class: "card", "aria-labelledby": "h-lang" },
      h("h2", { id: "h-lang" }, t("language")),
      form,
    ),
    push,
    h("p", { class: "muted" }, t("install")),
    out,
  );
}
