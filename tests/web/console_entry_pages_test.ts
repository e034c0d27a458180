/**
 * The HR console's pages that edit one entry of the configuration file (documents, leave types, recruiting
 * stages) pinned as they render: each list and each entry's page in the four languages, then in French a
 * save refused at the list and at an entry's page (the problems on top, the form as typed), a save that
 * passes (its outcome on the entry's page), a stage's preview, an unknown entry (404), a form without the
 * page's token (403), a manager (403) and no session (to the sign-in). The pages share their frame and flow
 * through the console's kit; this holds every one of them to the markup in
 * `console_entry_pages.golden.txt`.
 *
 * Compared is the document as a browser reads it: the attributes of a tag in name order and without the
 * spaces between them, the anti-CSRF token (a new one each sign-in) and the layout's style sheet left out.
 * `PIN_UPDATE=1 deno test -A tests/web/console_entry_pages_test.ts` writes the file anew after a change meant
 * to change the pages.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { users } from "../../src/db/schema/mod.ts";
import { post, session } from "./_console.ts";
import { canonical, parseGolden, writeGolden } from "./_pinned.ts";
import { ASSESSMENT_FORM, OFFER_FORM } from "./_stage_forms.ts";

const GOLDEN = new URL("./console_entry_pages.golden.txt", import.meta.url);

interface Case {
  name: string;
  path: string;
  /** A form sent with the page's token (`csrf: "(page)"`), another's, or none. */
  form?: Record<string, string>;
  who?: "hr" | "manager" | "nobody";
}

const POLICY = {
  slug: "homeoffice",
  audience: "MANAGERS",
  assistant_visible: "no",
  category: "Arbeitszeit",
  title_de: "Homeoffice-Reglement",
  body_de: "# Homeoffice\n\nBis zu **zwei Tage** pro Woche.\n",
  title_fr: "Règlement sur le télétravail",
  body_fr: "# Télétravail\n\nJusqu'à **deux jours** par semaine.\n",
  title_it: "",
  body_it: "",
  title_en: "",
  body_en: "",
};

const MOVING = {
  code: "MOVING_DAY",
  name_de: "Umzugstag",
  name_fr: "Jour de déménagement",
  name_it: "",
  name_en: "Moving day",
  deducts: "no",
  overdraft: "FLAG",
  annual_days: "0",
  half_days: "no",
  carry_max: "0",
  carry_expiry: "03-31",
  event_days: "1",
  event_unit: "WORKING_DAYS",
  event_within: "3",
  active: "yes",
};

const OFFER = {
  ...OFFER_FORM,
  task_0_body_de: "Guten Tag {firstName} {lastName}\r\n\r\nWir freuen uns.",
  task_0_subject_fr: "Votre offre : {position}",
  task_0_body_fr: "Bonjour {firstName}",
  task_0_assignee: "HR",
  task_1_kind: "CREATE_TASK",
  task_1_title: "Vertrag vorbereiten",
  task_1_blocking: "yes",
  task_1_assignee: "HIRING_MANAGER",
  action: "save",
};

const ASSESSMENT = { ...ASSESSMENT_FORM, action: "save" };

/** What is read the same way in every language: the lists and an entry's page. */
const READ: Case[] = [
  { name: "documents", path: "/hr/documents" },
  { name: "a document", path: "/hr/documents/vacation-policy" },
  { name: "leave types", path: "/hr/leave/types" },
  { name: "a leave type", path: "/hr/leave/types/VACATION" },
  { name: "stages", path: "/hr/recruiting/stages" },
  { name: "a stage", path: "/hr/recruiting/stages/OFFER" },
];

const c = (x: Record<string, string>) => ({ ...x, csrf: "(page)" });

/** In French, in this order (each save changes what the later pages show). */
const FLOW: Case[] = [
  { name: "documents: an unknown one", path: "/hr/documents/nope" },
  {
    name: "documents: a new one refused",
    path: "/hr/documents",
    form: c({ ...POLICY, slug: "Home Office" }),
  },
  { name: "documents: a new one saved", path: "/hr/documents", form: c(POLICY) },
  { name: "documents: the list after it", path: "/hr/documents" },
  {
    name: "documents: an existing one refused",
    path: "/hr/documents",
    form: c({ ...POLICY, body_fr: "", category: "" }),
  },
  { name: "documents: without the token", path: "/hr/documents", form: { ...POLICY, csrf: "0".repeat(64) } },
  { name: "documents: a manager", path: "/hr/documents", who: "manager" },
  { name: "documents: nobody signed in", path: "/hr/documents/homeoffice", who: "nobody" },
  { name: "leave types: an unknown one", path: "/hr/leave/types/NOPE" },
  {
    name: "leave types: a new one refused",
    path: "/hr/leave/types",
    form: c({ ...MOVING, carry_expiry: "13-40" }),
  },
  { name: "leave types: a new one saved", path: "/hr/leave/types", form: c(MOVING) },
  { name: "leave types: the list after it", path: "/hr/leave/types" },
  {
    name: "leave types: an existing one refused",
    path: "/hr/leave/types",
    form: c({ ...MOVING, event_unit: "HOURS", name_it: "Giorno di trasloco" }),
  },
  { name: "leave types: without the token", path: "/hr/leave/types", form: { ...MOVING } },
  { name: "leave types: nobody signed in", path: "/hr/leave/types/VACATION", who: "nobody" },
  { name: "stages: an unknown one", path: "/hr/recruiting/stages/NOPE" },
  {
    name: "stages: an existing one previewed",
    path: "/hr/recruiting/stages",
    form: c({ ...OFFER, action: "preview" }),
  },
  {
    name: "stages: a new one previewed",
    path: "/hr/recruiting/stages",
    form: c({ ...OFFER, key: "OFFER_2", action: "preview" }),
  },
  {
    name: "stages: an existing one refused",
    path: "/hr/recruiting/stages",
    form: c({ ...OFFER, task_0_body_de: "Guten Tag {vorname}" }),
  },
  {
    name: "stages: a new one refused",
    path: "/hr/recruiting/stages",
    form: c({ ...ASSESSMENT, task_0_title: "" }),
  },
  { name: "stages: an existing one saved", path: "/hr/recruiting/stages", form: c(OFFER) },
  { name: "stages: a new one saved", path: "/hr/recruiting/stages", form: c(ASSESSMENT) },
  { name: "stages: the list after it", path: "/hr/recruiting/stages" },
  { name: "stages: without the token", path: "/hr/recruiting/stages", form: { ...ASSESSMENT } },
  { name: "stages: nobody signed in", path: "/hr/recruiting/stages", who: "nobody" },
];

/** Every case's answer: its status (and where it sends), and the page as compared. */
async function answers(): Promise<Map<string, string>> {
  const t = await makeTestApp();
  const out = new Map<string, string>();
  try {
    const ask = async (name: string, x: Case, cookie: Record<string, string>, csrf: string) => {
      const init = x.form
        ? post(
          cookie,
          Object.fromEntries(Object.entries(x.form).map(([k, v]) => [k, v === "(page)" ? csrf : v])),
        )
        : { headers: cookie };
      const r = await t.request(x.path, init);
      const where = r.headers.get("location");
      out.set(name, `${r.status}${where ? ` → ${where}` : ""}\n${canonical(await r.text())}`.trim());
    };
    const token = async (cookie: Record<string, string>) => {
      const html = await (await t.request("/hr/documents", { headers: cookie })).text();
      return /name="csrf" value="([0-9a-f]{64})"/.exec(html)?.[1] ?? "";
    };
    for (const lang of ["de", "fr", "it", "en"] as const) {
      await t.deps.db.update(users).set({ language: lang }).where(eq(users.email, "hr@demo.example"));
      const cookie = await session(t, "hr@demo.example");
      for (const x of READ) await ask(`${lang}: ${x.name}`, x, cookie, "");
    }
    await t.deps.db.update(users).set({ language: "fr" }).where(eq(users.email, "hr@demo.example"));
    const hr = await session(t, "hr@demo.example");
    const csrf = await token(hr);
    const manager = await session(t, "manager@demo.example");
    for (const x of FLOW) {
      const cookie = x.who === "manager" ? manager : x.who === "nobody" ? {} : hr;
      await ask(`fr: ${x.name}`, x, cookie, csrf);
    }
  } finally {
    t.close();
  }
  return out;
}

Deno.test("console entry pages: lists, entries, refusals, saves and previews render as pinned", async (ctx) => {
  const actual = await answers();
  if (Deno.env.get("PIN_UPDATE") === "1") {
    await Deno.writeTextFile(GOLDEN, writeGolden(actual));
  }
  const expected = parseGolden(await Deno.readTextFile(GOLDEN));
  await ctx.step("every case is pinned, and nothing else", () => {
    assert.deepEqual([...actual.keys()], [...expected.keys()]);
  });
  for (const [name, page] of actual) {
    await ctx.step(name, () => assert.equal(page, expected.get(name)));
  }
});
