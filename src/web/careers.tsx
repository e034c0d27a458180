/** @jsxImportSource hono/jsx */
/**
 * The public careers page: the open positions and an application form, served without an account, without
 * JavaScript and in the visitor's language (`?lang=`, else Accept-Language). Abuse is kept out without a
 * third-party captcha: five applications an hour per source address, and a field hidden from people that
 * only robots fill in (their "application" is thanked for and dropped). Nothing of the organisation's
 * internal data (salary bands, hiring managers, the pipeline) appears here. The pages name the organisation
 * (`settings.name`), and an advertisement's Markdown is shown as a safe subset (`markdown.ts`).
 */
import type { Context, Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { AppError, textOf } from "../errors.ts";
import { fill, isLang, type Lang, LANGS, negotiateLang } from "../i18n/mod.ts";
import { WEB_MESSAGES } from "../i18n/web.ts";
import { type CareersTexts, careersTexts } from "../i18n/careers.ts";
import { clientAddress, sourceKey } from "../client_address.ts";
import { hitRateLimit } from "../oauth/rate_limit.ts";
import {
  APPLICATION_FILE_MAX_BYTES,
  APPLICATION_RETENTION_MONTHS,
  applyForPosition,
  getOpenPosition,
  listOpenPositions,
  type OpenPosition,
  organisationName,
  type SentFile,
} from "../services/careers.ts";
import { Layout, setPageHeaders } from "./layout.tsx";
import { renderSafeMarkdown } from "../markdown.ts";

/** Applications one source address may send per hour. */
export const APPLICATIONS_PER_HOUR = 5;
/** The form's hidden field that only robots fill in. */
const HONEYPOT = "website";

function langOf(c: Context): Lang {
  const q = c.req.query("lang");
  return q && isLang(q) ? q : negotiateLang(null, c.req.header("accept-language"));
}

function Position(props: { p: OpenPosition; t: CareersTexts }) {
  const { p, t } = props;
  return (
    <p class="muted">
      {[p.department, p.location, p.workload ? `${t.workload} ${p.workload}` : null].filter(Boolean).join(
        " · ",
      )}
    </p>
  );
}

type Form = Record<string, string>;

/** A field of the application with its label, filled in as typed; `auto` lets a browser offer what it knows. */
function Input(props: {
  id: string;
  label: string;
  name: string;
  type?: "text" | "email" | "tel";
  max: number;
  auto: string;
  required?: boolean;
  f: Form;
}) {
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        type={props.type ?? "text"}
        required={props.required}
        maxlength={props.max}
        autocomplete={props.auto}
        value={props.f[props.name]}
      />
    </>
  );
}

function ApplicationForm(props: { p: OpenPosition; t: CareersTexts; lang: Lang; f: Form }) {
  const { p, t, lang, f } = props;
  return (
    <form method="post" action={`/careers/${p.id}?lang=${lang}`} enctype="multipart/form-data">
      <Input id="first" label={t.firstName} name="first_name" max={100} auto="given-name" required f={f} />
      <Input id="last" label={t.lastName} name="last_name" max={100} auto="family-name" required f={f} />
      <Input id="email" label={t.email} name="email" type="email" max={254} auto="email" required f={f} />
      <Input id="phone" label={t.phone} name="phone" type="tel" max={40} auto="tel" f={f} />
      <label for="language">{t.language}</label>
      <select id="language" name="language">
        {LANGS.map((l) => (
          <option key={l} value={l} selected={(f.language ?? lang) === l}>{t.languageNames[l]}</option>
        ))}
      </select>
      <label for="cv">{t.cv}</label>
      <input id="cv" name="cv" type="file" accept="application/pdf" required aria-describedby="files-hint" />
      <label for="letter">{t.letter}</label>
      <input id="letter" name="letter" type="file" accept="application/pdf" aria-describedby="files-hint" />
      <p id="files-hint" class="muted">{t.filesHint}</p>
      {/* Hidden from people (and from assistive technology); robots fill it in. */}
      <div hidden aria-hidden="true">
        <label for="website">Website</label>
        <input id="website" name={HONEYPOT} type="text" tabindex={-1} autocomplete="off" />
      </div>
      <div class="scope">
        <input id="consent" type="checkbox" name="consent" value="yes" required />
        <label for="consent">{t.consent}</label>
      </div>
      <p class="muted">{fill(t.retention, { months: String(APPLICATION_RETENTION_MONTHS) })}</p>
      <button type="submit">{t.send}</button>
    </form>
  );
}

async function positionPage(
  deps: AppDeps,
  c: Context,
  lang: Lang,
  id: string,
  opts: { errors?: string[]; status?: 200 | 400 | 413 | 415 | 429; form?: Form } = {},
) {
  const t = careersTexts(lang);
  setPageHeaders(c);
  let p: OpenPosition;
  try {
    p = await getOpenPosition(deps, id, lang);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return c.html(
      <Layout lang={lang} m={WEB_MESSAGES[lang]} title={t.careers}>
        <h1>{t.careers}</h1>
        <p class="alert" role="alert">{t.unknown}</p>
        <p>
          <a href={`/careers?lang=${lang}`}>{t.back}</a>
        </p>
      </Layout>,
      404,
    );
  }
  const org = await organisationName(deps);
  const advertisement = p.advertisement ? await renderSafeMarkdown(p.advertisement) : "";
  return c.html(
    <Layout lang={lang} m={WEB_MESSAGES[lang]} title={org ? `${p.title} – ${org}` : p.title}>
      <p>
        <a href={`/careers?lang=${lang}`}>{t.back}</a>
      </p>
      {org ? <p class="muted">{fill(t.positionAt, { name: org })}</p> : null}
      <h1>{p.title}</h1>
      <Position p={p} t={t} />
      {p.advertisement
        ? (
          <div
            class="advertisement"
            dangerouslySetInnerHTML={{ __html: advertisement }}
          />
        )
        : null}
      {opts.errors?.length
        ? (
          <div class="alert" role="alert">
            <ul>{opts.errors.map((e) => <li key={e}>{e}</li>)}</ul>
          </div>
        )
        : null}
      <h2>{t.apply}</h2>
      <ApplicationForm p={p} t={t} lang={lang} f={opts.form ?? {}} />
    </Layout>,
    opts.status ?? 200,
  );
}

function thanksPage(c: Context, lang: Lang, position: string) {
  const t = careersTexts(lang);
  setPageHeaders(c);
  return c.html(
    <Layout lang={lang} m={WEB_MESSAGES[lang]} title={t.thanks}>
      <h1>{t.thanks}</h1>
      <p role="status">{fill(t.thanksText, { position })}</p>
      <p>
        <a href={`/careers?lang=${lang}`}>{t.back}</a>
      </p>
    </Layout>,
  );
}

async function sentFile(v: FormDataEntryValue | null): Promise<SentFile | null> {
  if (!(v instanceof File) || v.size === 0) return null;
  // A part far beyond the limit is not read into memory at all (the body limit bounds the whole request).
  if (v.size > APPLICATION_FILE_MAX_BYTES) return { name: v.name, bytes: new Uint8Array(v.size) };
  return { name: v.name, bytes: new Uint8Array(await v.arrayBuffer()) };
}

/** Mounts /careers (the list) and /careers/<position> (the advertisement and the form). */
// deno-lint-ignore no-explicit-any
export function mountCareers(app: Hono<any>, deps: AppDeps & { mailKick?: () => void }): void {
  app.get("/careers", async (c) => {
    const lang = langOf(c);
    const t = careersTexts(lang);
    const open = await listOpenPositions(deps, lang);
    const org = await organisationName(deps);
    const heading = org ? fill(t.careersAt, { name: org }) : t.careers;
    setPageHeaders(c);
    return c.html(
      <Layout lang={lang} m={WEB_MESSAGES[lang]} title={heading}>
        <h1>{heading}</h1>
        <p>{t.intro}</p>
        {open.length
          ? (
            <ul>
              {open.map((p) => (
                <li key={p.id}>
                  <a href={`/careers/${p.id}?lang=${lang}`}>{p.title}</a>
                  <Position p={p} t={t} />
                </li>
              ))}
            </ul>
          )
          : <p>{t.none}</p>}
      </Layout>,
    );
  });

  app.get("/careers/:id", (c) => positionPage(deps, c, langOf(c), c.req.param("id")));

  app.post("/careers/:id", async (c) => {
    const lang = langOf(c);
    const id = c.req.param("id");
    const t = careersTexts(lang);
    const address = sourceKey(clientAddress(c, deps.config.trustedProxies));
    const limit = await hitRateLimit(deps, `careers:${address}`, APPLICATIONS_PER_HOUR, 3_600_000);
    if (!limit.ok) {
      c.header("Retry-After", String(limit.retryAfter));
      return await positionPage(deps, c, lang, id, {
        errors: [fill(t.tooMany, { minutes: String(Math.ceil(limit.retryAfter / 60)) })],
        status: 429,
      });
    }
    const type = c.req.header("content-type") ?? "";
    const data = /^multipart\/form-data\b/i.test(type)
      ? await c.req.formData().catch(() => new FormData())
      : new FormData();
    const text = (k: string, max = 300) => {
      const v = data.get(k);
      return typeof v === "string" ? v.slice(0, max) : "";
    };
    const form: Form = {
      first_name: text("first_name"),
      last_name: text("last_name"),
      email: text("email"),
      phone: text("phone"),
      language: text("language", 5) || lang,
    };
    // A robot filled in the hidden field: thanked for, and nothing is stored or sent.
    if (text(HONEYPOT)) {
      return thanksPage(
        c,
        lang,
        (await listOpenPositions(deps, lang)).find((p) => p.id === id)?.title ?? "",
      );
    }
    try {
      const r = await applyForPosition(deps, {
        positionId: id,
        firstName: form.first_name,
        lastName: form.last_name,
        email: form.email,
        phone: form.phone,
        language: form.language,
        consent: text("consent") === "yes",
        cv: await sentFile(data.get("cv")),
        letter: await sentFile(data.get("letter")),
      });
      return thanksPage(c, isLang(form.language) ? form.language : lang, r.position);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const status = e.status === 413 || e.status === 415 ? e.status : e.status === 404 ? 404 : 400;
      if (status === 404) return await positionPage(deps, c, lang, id);
      return await positionPage(deps, c, lang, id, { errors: [textOf(e, lang)], status, form });
    }
  });
}
