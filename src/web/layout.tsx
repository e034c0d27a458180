/** @jsxImportSource hono/jsx */
/**
 * The frame of every server-rendered page: language, title, one inline stylesheet (allowed by its hash in
 * the Content-Security-Policy, so no script and no other style can run), a skip link and a main landmark.
 * The pages need no JavaScript.
 */
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import { raw } from "hono/html";
import type { Lang } from "../i18n/mod.ts";
import type { WebMessages } from "../i18n/web.ts";

const CSS = `
:root{color-scheme:light;--fg:#1b1f24;--muted:#4a5360;--bg:#f5f6f8;--card:#fff;--accent:#0b5cad;--accent-fg:#fff;
--danger:#a4161a;--border:#c6ccd4;--focus:#ffbf47}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
.skip{position:absolute;left:-9999px}.skip:focus{left:1rem;top:1rem;background:var(--card);padding:.5rem;z-index:1}
header{background:var(--card);border-bottom:1px solid var(--border);padding:.75rem 1rem}
header p{margin:0;font-weight:600}
main{max-width:40rem;margin:2rem auto;padding:1.5rem;background:var(--card);border:1px solid var(--border);border-radius:8px}
main.wide{max-width:64rem}
h1{font-size:1.5rem;line-height:1.3;margin:0 0 1rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input[type=email],input[type=password],input[type=text],input[type=date],input[type=number],select,textarea{width:100%;
padding:.6rem;font:inherit;border:2px solid var(--muted);border-radius:4px;background:var(--card);color:var(--fg)}
nav{margin:0 0 1rem}nav a[aria-current=page]{font-weight:700}
nav form.signout{display:inline;margin-left:1rem}nav form.signout button{margin:0;padding:.2rem .8rem}
button,.button{display:inline-block;font:inherit;font-weight:600;padding:.6rem 1.2rem;border-radius:4px;border:2px solid var(--accent);
background:var(--accent);color:var(--accent-fg);cursor:pointer;text-decoration:none;margin:.5rem .5rem 0 0}
button.secondary,.button.secondary{background:var(--card);color:var(--accent)}
button.danger{background:var(--card);color:var(--danger);border-color:var(--danger)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
fieldset{border:1px solid var(--border);border-radius:4px;margin:1rem 0;padding:.5rem 1rem}
legend{font-weight:600;padding:0 .25rem}
.scope{display:flex;gap:.6rem;align-items:flex-start;margin:.6rem 0}
.scope input{margin-top:.35rem;width:1.1rem;height:1.1rem;flex:none}
.scope label{font-weight:400;margin:0}
.alert{border-left:4px solid var(--danger);background:#fdecea;padding:.75rem 1rem;margin:0 0 1rem}
.note{border-left:4px solid var(--accent);background:#e8f1fb;padding:.75rem 1rem;margin:1rem 0}
.warn{border-left:4px solid #8a5a00;background:#fff4e0;padding:.75rem 1rem;margin:1rem 0}
.muted{color:var(--muted)}
.or{margin:1.5rem 0 .5rem;color:var(--muted)}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid var(--border);vertical-align:top}
td form{margin:0}td button{margin:0}
.scroll{overflow-x:auto;max-width:100%}.scroll table{min-width:36rem}
main{overflow-wrap:break-word}fieldset{min-width:0}pre{white-space:pre-wrap}
@media (max-width:40rem){main{margin:0;padding:1rem;border-width:0 0 1px;border-radius:0}
table:not(.scroll table){display:block;overflow-x:auto;max-width:100%}}
code{font-size:.9em}
`;

async function sha256Base64(text: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...d));
}

const STYLE_HASH = `'sha256-${await sha256Base64(CSS)}'`;

/**
 * The pages' Content-Security-Policy: nothing but the stylesheet, no framing (clickjacking on a consent
 * button is the classic attack), forms only to this origin and to `formTargets` (the consent form is
 * answered with a redirect to the client, which browsers check against form-action too).
 */
export function setPageHeaders(c: Context, formTargets: string[] = []): void {
  c.header(
    "Content-Security-Policy",
    [
      "default-src 'none'",
      `style-src ${STYLE_HASH}`,
      // The favicon (/icon.svg) and nothing else from anywhere.
      "img-src 'self'",
      `form-action 'self'${formTargets.map((t) => ` ${t}`).join("")}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join("; "),
  );
  c.header("Cache-Control", "no-store");
  c.header("X-Frame-Options", "DENY");
}

/** The CSP source that allows a redirect to this URI (its origin, or its private-use scheme). */
export function formTargetFor(redirectUri: string): string | null {
  try {
    const u = new URL(redirectUri);
    if (u.protocol === "https:" || u.protocol === "http:") return u.origin;
    return /^[a-z][a-z0-9+.-]*:$/.test(u.protocol) ? u.protocol : null;
  } catch {
    return null;
  }
}

/** The page frame. */
export function Layout(
  props: { lang: Lang; m: WebMessages; title: string; wide?: boolean; children?: Child },
) {
  return (
    <>
      {raw("<!DOCTYPE html>")}
      <html lang={props.lang}>
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="referrer" content="no-referrer" />
          <title>{`${props.title} – ${props.m.appName}`}</title>
          <link rel="icon" href="/icon.svg" type="image/svg+xml" />
          <style>{raw(CSS)}</style>
        </head>
        <body>
          <a class="skip" href="#main">{props.m.skipToContent}</a>
          <header>
            <p>{props.m.appName}</p>
          </header>
          <main id="main" class={props.wide ? "wide" : undefined}>
            {props.children}
          </main>
        </body>
      </html>
    </>
  );
}

/** A list of problems at the top of a form, announced by screen readers. */
export function ErrorSummary(props: { m: WebMessages; errors: string[] }) {
  if (!props.errors.length) return null;
  return (
    <div class="alert" role="alert" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">{props.m.errorSummary}</h2>
      <ul>
        {props.errors.map((e) => <li key={e}>{e}</li>)}
      </ul>
    </div>
  );
}
