/** @jsxImportSource hono/jsx */
/**
 * The HR console's documents: policies and handbook pages in Markdown, German the original and French,
 * Italian and English optional, each with its audience and whether assistants may read it. A save is the
 * document's entry of the configuration file, checked and applied by `org apply`'s own code
 * (`applySections`), so a document made here exports and applies unchanged.
 */
import type { Context, Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { fill } from "../i18n/mod.ts";
import { type DocumentTexts, documentTexts } from "../i18n/console_documents.ts";
import { applySections, readSection } from "../org_config/mod.ts";
import type { DocumentEntry } from "../org_config/sections/documents.ts";
import { ORG_LANGUAGES } from "../settings.ts";
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

const AUDIENCES = ["ALL", "MANAGERS", "HR"] as const;
/** The longest Markdown text the form takes per language. */
const BODY_MAX = 100_000;

type Status = 200 | 400 | 403 | 404;
type Form = Record<string, string>;

/** The form's fields of a document as it stands. */
function formOf(d: DocumentEntry): Form {
  const f: Form = {
    slug: d.slug,
    audience: d.audience,
    assistant_visible: d.assistantVisible ? "yes" : "no",
    category: d.category ?? "",
  };
  for (const lang of ORG_LANGUAGES) {
    f[`title_${lang}`] = d.translations[lang]?.title ?? "";
    f[`body_${lang}`] = d.translations[lang]?.body ?? "";
  }
  return f;
}

function DocumentForm(props: { p: Page; dt: DocumentTexts; f: Form; existing: boolean }) {
  const { p, dt, f } = props;
  return (
    <PostForm p={p} action="/hr/documents">
      {props.existing ? <input type="hidden" name="slug" value={f.slug} /> : (
        <>
          <label for="slug">{dt.slug}</label>
          <input
            id="slug"
            name="slug"
            type="text"
            required
            maxlength={100}
            pattern="[a-z0-9][a-z0-9\-]*"
            aria-describedby="slug-hint"
            value={f.slug}
          />
          <p id="slug-hint" class="muted">{dt.slugHint}</p>
        </>
      )}
      <label for="audience">{dt.audience}</label>
      <select id="audience" name="audience">
        {AUDIENCES.map((a) => (
          <option value={a} selected={(f.audience ?? "ALL") === a}>{dt.audienceNames[a]}</option>
        ))}
      </select>
      <div class="scope">
        <input
          id="assistant"
          type="checkbox"
          name="assistant_visible"
          value="yes"
          checked={(f.assistant_visible ?? "yes") === "yes"}
        />
        <label for="assistant">{dt.assistantVisible}</label>
      </div>
      <label for="category">{dt.category}</label>
      <input id="category" name="category" type="text" maxlength={100} value={f.category} />
      {ORG_LANGUAGES.map((lang) => (
        <fieldset>
          <legend>{`${dt.languageNames[lang]} (${lang === "de" ? dt.original : dt.optional})`}</legend>
          <label for={`title-${lang}`}>{dt.docTitle}</label>
          <input
            id={`title-${lang}`}
            name={`title_${lang}`}
            type="text"
            maxlength={300}
            required={lang === "de"}
            lang={lang}
            value={f[`title_${lang}`]}
          />
          <label for={`body-${lang}`}>{dt.body}</label>
          <textarea
            id={`body-${lang}`}
            name={`body_${lang}`}
            rows={lang === "de" ? 12 : 6}
            maxlength={BODY_MAX}
            required={lang === "de"}
            lang={lang}
            aria-describedby="body-hint"
          >
            {f[`body_${lang}`] ?? ""}
          </textarea>
        </fieldset>
      ))}
      <p id="body-hint" class="muted">{dt.bodyHint}</p>
      <button type="submit">{p.t.save}</button>
    </PostForm>
  );
}

async function documentsPage(
  deps: AppDeps,
  c: Context,
  p: Page,
  opts: PageOpts<Status> = {},
) {
  const dt = documentTexts(p.lang);
  const docs = await readSection(deps, "documents") as DocumentEntry[];
  return render(
    c,
    <ConsolePage p={p} title={dt.documents} here="documents" flash={opts.flash} errors={opts.errors}>
      <p>{dt.intro}</p>
      {docs.length
        ? (
          <Table cols={[dt.docTitle, dt.slug, dt.audience, dt.languages]}>
            {docs.map((d) => (
              <tr>
                <td>
                  <a href={`/hr/documents/${d.slug}`}>{d.translations.de?.title ?? d.slug}</a>
                </td>
                <td>{d.slug}</td>
                <td>{dt.audienceNames[d.audience]}</td>
                <td>{ORG_LANGUAGES.filter((l) => d.translations[l]).join(", ")}</td>
              </tr>
            ))}
          </Table>
        )
        : <p>{dt.none}</p>}
      <h2>{dt.newDocument}</h2>
      <DocumentForm p={p} dt={dt} f={opts.form ?? {}} existing={false} />
    </ConsolePage>,
    opts.status ?? 200,
  );
}

async function documentPage(
  deps: AppDeps,
  c: Context,
  p: Page,
  slug: string,
  opts: PageOpts<Status> = {},
) {
  const dt = documentTexts(p.lang);
  const docs = await readSection(deps, "documents") as DocumentEntry[];
  const doc = docs.find((d) => d.slug === slug);
  if (!doc) {
    return notFoundPage(c, p, { title: dt.documents, here: "documents", message: dt.unknown });
  }
  return render(
    c,
    <ConsolePage
      p={p}
      title={doc.translations.de?.title ?? slug}
      here="documents"
      back={["/hr/documents", dt.documents]}
      heading={`${doc.translations.de?.title ?? slug} (${slug})`}
      flash={opts.flash}
      errors={opts.errors}
    >
      <DocumentForm p={p} dt={dt} f={opts.form ?? formOf(doc)} existing />
    </ConsolePage>,
    opts.status ?? 200,
  );
}

/** Mounts the documents pages under /hr/documents. */
// deno-lint-ignore no-explicit-any
export function mountConsoleDocuments(app: Hono<any>, deps: AppDeps): void {
  app.get("/hr/documents", consoleGet(deps, "/hr/documents", (c, p) => documentsPage(deps, c, p)));

  app.get(
    "/hr/documents/:slug",
    consoleGet(deps, "/hr/documents", (c, p) => documentPage(deps, c, p, param(c, "slug"))),
  );

  app.post(
    "/hr/documents",
    consolePost(deps, "/hr/documents", documentsPage, async (c, { p, form }) => {
      const sent: Form = {
        slug: formText(form, "slug", 100, true),
        audience: (form.get("audience") ?? "ALL").slice(0, 20),
        assistant_visible: form.get("assistant_visible") === "yes" ? "yes" : "no",
        category: formText(form, "category", 100, true),
      };
      const translations: Record<string, { title: string; body: string }> = {};
      for (const lang of ORG_LANGUAGES) {
        sent[`title_${lang}`] = formText(form, `title_${lang}`, 300);
        sent[`body_${lang}`] = (form.get(`body_${lang}`) ?? "").replaceAll("\r\n", "\n").slice(0, BODY_MAX);
        // A language left empty is not sent, so a translation already there stays as it is.
        if (lang === "de" || sent[`title_${lang}`].trim() || sent[`body_${lang}`].trim()) {
          translations[lang] = { title: sent[`title_${lang}`], body: sent[`body_${lang}`] };
        }
      }
      const entry = {
        slug: sent.slug,
        audience: sent.audience,
        assistantVisible: sent.assistant_visible === "yes",
        ...(sent.category ? { category: sent.category } : {}),
        translations,
      };
      const existing = (await readSection(deps, "documents") as DocumentEntry[]).some((d) =>
        d.slug === sent.slug
      );
      const result = await applySections(deps, { documents: [entry] });
      if (!result.ok) {
        // The file's paths read `documents[0].translations.fr.title`; the form has one document.
        const errors = entryProblems(result.problems, "documents[0]");
        return existing
          ? await documentPage(deps, c, p, sent.slug, { errors, status: 400, form: sent })
          : await documentsPage(deps, c, p, { errors, status: 400, form: sent });
      }
      return await documentPage(deps, c, p, sent.slug, {
        flash: fill(documentTexts(p.lang).saved, { slug: sent.slug }),
      });
    }),
  );
}
