/** @jsxImportSource hono/jsx */
/**
 * The HR console's documents: policies and handbook pages in Markdown, German the original and French,
 * Italian and English optional, each with its audience and whether assistants may read it. A save is the
 * document's entry of the configuration file, checked and applied by `org apply`'s own code
 * (`applySections`, through the kit's `entryPages`), so a document made here exports and applies
 * unchanged.
 */
import type { Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { fill } from "../i18n/mod.ts";
import { type DocumentTexts, documentTexts } from "../i18n/console_documents.ts";
import type { DocumentEntry } from "../org_config/sections/documents.ts";
import { ORG_LANGUAGES } from "../settings.ts";
import {
  Check,
  Choice,
  type EntryForm,
  type EntryPages,
  entryPages,
  Field,
  formLines,
  formText,
  formYes,
  Hint,
  KeyField,
  type Page,
  PostForm,
  Table,
  TextArea,
} from "./console_kit.tsx";

const AUDIENCES = ["ALL", "MANAGERS", "HR"] as const;
/** The longest Markdown text the form takes per language. */
const BODY_MAX = 100_000;

/** The form's fields of a document as it stands. */
function formOf(d: DocumentEntry): EntryForm {
  const f: EntryForm = {
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

function DocumentForm(props: { p: Page; t: DocumentTexts; f: EntryForm; existing: boolean }) {
  const { p, t: dt, f } = props;
  return (
    <PostForm p={p} action="/hr/documents">
      <KeyField
        existing={props.existing}
        name="slug"
        label={dt.slug}
        hint={dt.slugHint}
        maxlength={100}
        pattern="[a-z0-9][a-z0-9\-]*"
        value={f.slug}
      />
      <Choice
        id="audience"
        label={dt.audience}
        name="audience"
        options={AUDIENCES}
        names={dt.audienceNames}
        value={f.audience}
        dflt="ALL"
      />
      <Check
        id="assistant"
        label={dt.assistantVisible}
        name="assistant_visible"
        checked={(f.assistant_visible ?? "yes") === "yes"}
      />
      <Field
        id="category"
        label={dt.category}
        name="category"
        type="text"
        maxlength={100}
        value={f.category}
      />
      {ORG_LANGUAGES.map((lang) => (
        <fieldset>
          <legend>{`${dt.languageNames[lang]} (${lang === "de" ? dt.original : dt.optional})`}</legend>
          <Field
            id={`title-${lang}`}
            label={dt.docTitle}
            name={`title_${lang}`}
            type="text"
            maxlength={300}
            required={lang === "de"}
            lang={lang}
            value={f[`title_${lang}`]}
          />
          <TextArea
            id={`body-${lang}`}
            label={dt.body}
            name={`body_${lang}`}
            rows={lang === "de" ? 12 : 6}
            maxlength={BODY_MAX}
            required={lang === "de"}
            lang={lang}
            describedBy="body-hint"
            value={f[`body_${lang}`]}
          />
        </fieldset>
      ))}
      <Hint id="body-hint">{dt.bodyHint}</Hint>
      <button type="submit">{p.t.save}</button>
    </PostForm>
  );
}

/** A document's title in the original, else its identifier. */
const titleOf = (d: DocumentEntry) => d.translations.de?.title ?? d.slug;

const DOCUMENTS: EntryPages<DocumentEntry, DocumentTexts> = {
  section: "documents",
  base: "/hr/documents",
  here: "documents",
  keyField: "slug",
  texts: documentTexts,
  keyOf: (d) => d.slug,
  list: {
    title: (dt) => dt.documents,
    content: (_, dt, docs) => (
      <>
        <p>{dt.intro}</p>
        {docs.length
          ? (
            <Table cols={[dt.docTitle, dt.slug, dt.audience, dt.languages]}>
              {docs.map((d) => (
                <tr>
                  <td>
                    <a href={`/hr/documents/${d.slug}`}>{titleOf(d)}</a>
                  </td>
                  <td>{d.slug}</td>
                  <td>{dt.audienceNames[d.audience]}</td>
                  <td>{ORG_LANGUAGES.filter((l) => d.translations[l]).join(", ")}</td>
                </tr>
              ))}
            </Table>
          )
          : <p>{dt.none}</p>}
      </>
    ),
    newEntry: (dt) => dt.newDocument,
  },
  entry: {
    title: (_, __, d) => ({ title: titleOf(d), heading: `${titleOf(d)} (${d.slug})` }),
    back: (dt) => dt.documents,
    unknown: (dt) => dt.unknown,
  },
  form: DocumentForm,
  formOf,
  sent: (form) => {
    const sent: EntryForm = {
      slug: formText(form, "slug", 100, true),
      audience: (form.get("audience") ?? "ALL").slice(0, 20),
      assistant_visible: formYes(form, "assistant_visible"),
      category: formText(form, "category", 100, true),
    };
    for (const lang of ORG_LANGUAGES) {
      sent[`title_${lang}`] = formText(form, `title_${lang}`, 300);
      sent[`body_${lang}`] = formLines(form, `body_${lang}`, BODY_MAX);
    }
    return sent;
  },
  entryOf: (sent) => {
    const translations: Record<string, { title: string; body: string }> = {};
    for (const lang of ORG_LANGUAGES) {
      // A language left empty is not sent, so a translation already there stays as it is.
      if (lang === "de" || sent[`title_${lang}`].trim() || sent[`body_${lang}`].trim()) {
        translations[lang] = { title: sent[`title_${lang}`], body: sent[`body_${lang}`] };
      }
    }
    return {
      slug: sent.slug,
      audience: sent.audience,
      assistantVisible: sent.assistant_visible === "yes",
      ...(sent.category ? { category: sent.category } : {}),
      translations,
    };
  },
  saved: (dt, slug) => fill(dt.saved, { slug }),
};

/** Mounts the documents pages under /hr/documents. */
// deno-lint-ignore no-explicit-any
export function mountConsoleDocuments(app: Hono<any>, deps: AppDeps): void {
  const pages = entryPages(deps, DOCUMENTS);
  app.get("/hr/documents", pages.list);
  app.get("/hr/documents/:slug", pages.entry);
  app.post("/hr/documents", pages.save);
}
