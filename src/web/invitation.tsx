/** @jsxImportSource hono/jsx */
/**
 * The page behind an invitation link: the invited person sets their own password (no script, no session; the
 * link's token in a hidden field is what authorises the form, so no other site can post it).
 */
import type { Context, Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { fill, isLang, type Lang, negotiateLang } from "../i18n/mod.ts";
import { WEB_MESSAGES } from "../i18n/web.ts";
import {
  acceptInvitation,
  appAddress,
  INVITATION_PATH,
  invitationLanguage,
  invitationTexts,
  openInvitation,
} from "../services/invitations.ts";
import { ErrorSummary, Layout, setPageHeaders } from "./layout.tsx";

/** The sign-in, then the app (the sign-in pages are served with or without the connector). */
const SIGN_IN_TO_APP = "/oauth/signin?next=/";

function InvitationPage(p: {
  lang: string;
  token: string;
  email?: string;
  errors?: string[];
  done?: boolean;
  invalid?: boolean;
  /** The app's address, said once the password is set. */
  app?: string;
}) {
  const t = invitationTexts(p.lang);
  const layoutLang: Lang = isLang(p.lang) ? p.lang : "de";
  const m = WEB_MESSAGES[layoutLang];
  return (
    <Layout lang={layoutLang} m={m} title={t.title}>
      <h1>{t.title}</h1>
      {p.invalid ? <p class="alert" role="alert">{t.invalid}</p> : null}
      {p.done
        ? (
          <>
            <p class="note" role="status">{t.done}</p>
            <p>
              <a href={SIGN_IN_TO_APP}>{t.signIn}</a>
            </p>
            {p.app ? <p>{fill(t.appAt, { address: p.app })}</p> : null}
          </>
        )
        : null}
      {!p.invalid && !p.done
        ? (
          <form method="post" action={INVITATION_PATH}>
            <ErrorSummary m={m} errors={p.errors ?? []} />
            <p>{fill(t.intro, { email: p.email ?? "" })}</p>
            <input type="hidden" name="token" value={p.token} />
            <input type="hidden" name="username" value={p.email ?? ""} autocomplete="username" />
            <label for="password">{t.password}</label>
            <input
              id="password"
              name="password"
              type="password"
              minlength={10}
              required
              autocomplete="new-password"
            />
            <label for="repeat">{t.repeat}</label>
            <input
              id="repeat"
              name="repeat"
              type="password"
              minlength={10}
              required
              autocomplete="new-password"
            />
            <button type="submit">{t.submit}</button>
          </form>
        )
        : null}
    </Layout>
  );
}

async function form(c: Context): Promise<URLSearchParams> {
  const type = c.req.header("content-type") ?? "";
  return /^application\/x-www-form-urlencoded\b/i.test(type)
    ? new URLSearchParams(await c.req.text())
    : new URLSearchParams();
}

/**
 * The language of the page saying a link no longer works: the invited account's when the token names one
 * (used, replaced or expired), else the browser's Accept-Language.
 */
async function deadLinkLang(deps: AppDeps, c: Context, token: string): Promise<Lang> {
  return (await invitationLanguage(deps, token)) ?? negotiateLang(null, c.req.header("accept-language"));
}

/** Mounts the invitation page (served with or without the connector). */
// deno-lint-ignore no-explicit-any
export function mountInvitationPage(app: Hono<any>, deps: AppDeps): void {
  const address = appAddress(deps.config);
  app.get(INVITATION_PATH, async (c) => {
    const token = c.req.query("token") ?? "";
    const open = await openInvitation(deps, token);
    setPageHeaders(c);
    if (!open) {
      return c.html(<InvitationPage lang={await deadLinkLang(deps, c, token)} token="" invalid />, 410);
    }
    return c.html(<InvitationPage lang={open.language} token={token} email={open.email} />);
  });
  app.post(INVITATION_PATH, async (c) => {
    const f = await form(c);
    const token = f.get("token") ?? "";
    const open = await openInvitation(deps, token);
    setPageHeaders(c);
    if (!open) {
      return c.html(<InvitationPage lang={await deadLinkLang(deps, c, token)} token="" invalid />, 410);
    }
    const r = await acceptInvitation(deps, {
      token,
      password: f.get("password") ?? "",
      repeat: f.get("repeat") ?? "",
    });
    if (r.ok) return c.html(<InvitationPage lang={open.language} token="" done app={address} />);
    if (r.problem === "invalid") return c.html(<InvitationPage lang={open.language} token="" invalid />, 410);
    const t = invitationTexts(open.language);
    return c.html(
      <InvitationPage lang={open.language} token={token} email={open.email} errors={[t[r.problem]]} />,
      400,
    );
  });
}
