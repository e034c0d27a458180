/** @jsxImportSource hono/jsx */
/**
 * The HR console's organisation page: name, the head office's canton, the payday rule, the organisation's
 * languages and its customary half days off; the time zone is shown (it is set with TIME_ZONE at start). A
 * save is the `settings` section of the configuration file, checked and applied by `org apply`'s own code
 * (`applySections`), so the page and the file agree.
 */
import type { Context, Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { WEB_MESSAGES } from "../i18n/web.ts";
import { organisationTexts } from "../i18n/console_organisation.ts";
import { applySections, readSection } from "../org_config/mod.ts";
import { ORG_LANGUAGES } from "../settings.ts";
import { CANTON_CODES, hrForm, hrPage, Nav, type Page, Problems } from "./console.tsx";
import { Layout, setPageHeaders } from "./layout.tsx";

const HALF_DAYS = ["12-24", "12-31"] as const;

interface Settings {
  name?: string;
  canton?: string;
  payday?: number;
  languages?: string[];
  halfDays?: string[];
  timeZone?: string;
}

type Status = 200 | 400 | 403;

async function organisationPage(
  deps: AppDeps,
  c: Context,
  p: Page,
  opts: { flash?: string; errors?: string[]; status?: Status; form?: Settings } = {},
) {
  const ot = organisationTexts(p.lang);
  const current = await readSection(deps, "settings") as Settings;
  const f: Settings = opts.form ?? current;
  const languages = new Set(f.languages ?? ["de"]);
  const halfDays = new Set(f.halfDays ?? []);
  setPageHeaders(c);
  return c.html(
    <Layout lang={p.lang} m={WEB_MESSAGES[p.lang]} title={ot.organisation} wide>
      <Nav t={p.t} here="organisation" />
      <h1>{ot.organisation}</h1>
      {opts.flash ? <p class="note" role="status">{opts.flash}</p> : null}
      <Problems t={p.t} errors={opts.errors ?? []} />
      <p>{ot.intro}</p>
      <form method="post" action="/hr/organisation">
        <input type="hidden" name="csrf" value={p.csrf} />
        <label for="oname">{ot.name}</label>
        <input id="oname" name="name" type="text" required maxlength={200} value={f.name ?? ""} />
        <label for="ocanton">{ot.canton}</label>
        <select id="ocanton" name="canton" aria-describedby="ocanton-hint">
          {CANTON_CODES.map((k) => <option key={k} value={k} selected={(f.canton ?? "ZH") === k}>{k}
          </option>)}
        </select>
        <p id="ocanton-hint" class="muted">{ot.cantonHint}</p>
        <label for="opayday">{ot.payday}</label>
        <input
          id="opayday"
          name="payday"
          type="number"
          min={1}
          max={31}
          required
          aria-describedby="opayday-hint"
          value={f.payday === undefined ? "25" : String(f.payday)}
        />
        <p id="opayday-hint" class="muted">{ot.paydayHint}</p>
        <fieldset aria-describedby="olang-hint">
          <legend>{ot.languages}</legend>
          {ORG_LANGUAGES.map((l) => (
            <div class="scope" key={l}>
              <input
                id={`olang-${l}`}
                type="checkbox"
                name="languages"
                value={l}
                checked={languages.has(l)}
              />
              <label for={`olang-${l}`}>{ot.languageNames[l]}</label>
            </div>
          ))}
        </fieldset>
        <p id="olang-hint" class="muted">{ot.languagesHint}</p>
        <fieldset>
          <legend>{ot.halfDays}</legend>
          {HALF_DAYS.map((d) => (
            <div class="scope" key={d}>
              <input id={`ohalf-${d}`} type="checkbox" name="half_days" value={d} checked={halfDays.has(d)} />
              <label for={`ohalf-${d}`}>{ot.halfDayNames[d]}</label>
            </div>
          ))}
        </fieldset>
        <p>
          {`${ot.timeZone}: ${current.timeZone ?? deps.config.timeZone}. `}
          <span class="muted">{ot.timeZoneHint}</span>
        </p>
        <button type="submit">{p.t.save}</button>
      </form>
    </Layout>,
    opts.status ?? 200,
  );
}

/** Mounts the organisation page under /hr/organisation. */
// deno-lint-ignore no-explicit-any
export function mountConsoleOrganisation(app: Hono<any>, deps: AppDeps): void {
  app.get("/hr/organisation", async (c) => {
    const p = await hrPage(deps, c, "/hr/organisation");
    if (p instanceof Response) return p;
    return await organisationPage(deps, c, p);
  });

  app.post("/hr/organisation", async (c) => {
    const posted = await hrForm(deps, c, "/hr/organisation", organisationPage);
    if (posted instanceof Response) return posted;
    const { p, form } = posted;
    const payday = (form.get("payday") ?? "").trim();
    const settings = {
      name: (form.get("name") ?? "").slice(0, 300),
      canton: (form.get("canton") ?? "").slice(0, 10),
      // A number when it is one, else the text, so the file's check names what is wrong.
      payday: payday !== "" && Number.isFinite(Number(payday)) ? Number(payday) : payday,
      languages: form.getAll("languages").slice(0, 10),
      halfDays: form.getAll("half_days").slice(0, 10),
    };
    const result = await applySections(deps, { settings });
    if (!result.ok) {
      const errors = result.problems.map((x) => `${x.path.replace(/^settings\.?/, "")}: ${x.message}`);
      return await organisationPage(deps, c, p, {
        errors,
        status: 400,
        form: { ...settings, payday: typeof settings.payday === "number" ? settings.payday : undefined },
      });
    }
    return await organisationPage(deps, c, p, { flash: organisationTexts(p.lang).saved });
  });
}
