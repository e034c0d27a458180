/** @jsxImportSource hono/jsx */
/**
 * The HR console's leave types: vacation, statutory and common leave as data the organisation changes
 * (names in four languages, a balance or none, what happens beyond it, days a year, carry-over and its
 * expiry, half days, special leave's length per event, whether it can still be requested). A save is the
 * type's entry of the configuration file, checked and applied by `org apply`'s own code (`applySections`),
 * so the console, the file and `leave-types` agree. The vacation policy's steps by age and service are edited on the leave page.
 */
import type { Context, Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { fill } from "../i18n/mod.ts";
import { type LeaveTypeTexts, leaveTypeTexts } from "../i18n/console_leave_types.ts";
import { applySections, readSection } from "../org_config/mod.ts";
import type { LeaveTypeEntry } from "../org_config/sections/leave_types.ts";
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

type Status = 200 | 400 | 403 | 404;
type Form = Record<string, string>;

function formOf(e: LeaveTypeEntry): Form {
  return {
    code: e.code,
    name_de: e.name.de,
    name_fr: e.name.fr,
    name_it: e.name.it ?? "",
    name_en: e.name.en,
    deducts: e.deductsBalance ? "yes" : "no",
    overdraft: e.overdraft,
    annual_days: String(e.annualDays),
    half_days: e.halfDays ? "yes" : "no",
    carry_max: String(e.carryOverMaxDays),
    carry_expiry: e.carryOverExpiry,
    event_days: e.perEvent ? String(e.perEvent.days) : "",
    event_unit: e.perEvent?.unit ?? "WORKING_DAYS",
    event_within: e.perEvent?.withinMonths ? String(e.perEvent.withinMonths) : "",
    active: e.active ? "yes" : "no",
  };
}

/** A number field as typed: a number when it is one, else the text (so the file's check names it). */
function numberOf(v: string): number | string {
  const t = v.trim();
  return t !== "" && Number.isFinite(Number(t)) ? Number(t) : t;
}

function TypeForm(props: { p: Page; lt: LeaveTypeTexts; f: Form; existing: boolean }) {
  const { p, lt, f } = props;
  const checked = (k: string, dflt: boolean) => (f[k] ?? (dflt ? "yes" : "no")) === "yes";
  return (
    <PostForm p={p} action="/hr/leave/types">
      {props.existing ? <input type="hidden" name="code" value={f.code} /> : (
        <>
          <label for="code">{lt.code}</label>
          <input
            id="code"
            name="code"
            type="text"
            required
            maxlength={40}
            pattern="[A-Z][A-Z0-9_]*"
            aria-describedby="code-hint"
            value={f.code}
          />
          <p id="code-hint" class="muted">{lt.codeHint}</p>
        </>
      )}
      <fieldset>
        <legend>{lt.name}</legend>
        {ORG_LANGUAGES.map((lang) => (
          <>
            <label for={`name-${lang}`}>{lt.languageNames[lang]}</label>
            <input
              id={`name-${lang}`}
              name={`name_${lang}`}
              type="text"
              maxlength={100}
              required={lang !== "it"}
              lang={lang}
              value={f[`name_${lang}`]}
            />
          </>
        ))}
      </fieldset>
      <div class="scope">
        <input id="deducts" type="checkbox" name="deducts" value="yes" checked={checked("deducts", true)} />
        <label for="deducts">{lt.deducts}</label>
      </div>
      <label for="overdraft">{lt.overdraft}</label>
      <select id="overdraft" name="overdraft">
        {(["REFUSE", "FLAG"] as const).map((o) => (
          <option value={o} selected={(f.overdraft ?? "REFUSE") === o}>{lt.overdraftNames[o]}</option>
        ))}
      </select>
      <label for="annual">{lt.annualDays}</label>
      <input
        id="annual"
        name="annual_days"
        type="number"
        min={0}
        max={366}
        step="0.5"
        value={f.annual_days ?? "0"}
      />
      <div class="scope">
        <input id="half" type="checkbox" name="half_days" value="yes" checked={checked("half_days", true)} />
        <label for="half">{p.t.halfDays}</label>
      </div>
      <label for="carry">{lt.carryOverMax}</label>
      <input
        id="carry"
        name="carry_max"
        type="number"
        min={0}
        max={366}
        step="0.5"
        value={f.carry_max ?? "0"}
      />
      <label for="expiry">{lt.carryOverExpiry}</label>
      <input
        id="expiry"
        name="carry_expiry"
        type="text"
        maxlength={5}
        pattern="\d\d-\d\d"
        aria-describedby="expiry-hint"
        value={f.carry_expiry ?? "03-31"}
      />
      <p id="expiry-hint" class="muted">{lt.carryOverExpiryHint}</p>
      <fieldset>
        <legend>{lt.perEvent}</legend>
        <p id="event-hint" class="muted">{lt.perEventHint}</p>
        <label for="event-days">{lt.perEvent}</label>
        <input
          id="event-days"
          name="event_days"
          type="number"
          min={0.5}
          max={366}
          step="0.5"
          aria-describedby="event-hint"
          value={f.event_days ?? ""}
        />
        <label for="event-unit">{lt.eventUnit}</label>
        <select id="event-unit" name="event_unit">
          {(["WORKING_DAYS", "CALENDAR_DAYS"] as const).map((u) => (
            <option value={u} selected={(f.event_unit ?? "WORKING_DAYS") === u}>
              {lt.eventUnitNames[u]}
            </option>
          ))}
        </select>
        <label for="event-within">{lt.eventWithinMonths}</label>
        <input
          id="event-within"
          name="event_within"
          type="number"
          min={1}
          max={24}
          step="1"
          aria-describedby="event-within-hint"
          value={f.event_within ?? ""}
        />
        <p id="event-within-hint" class="muted">{lt.eventWithinMonthsHint}</p>
      </fieldset>
      <div class="scope">
        <input id="active" type="checkbox" name="active" value="yes" checked={checked("active", true)} />
        <label for="active">{lt.active}</label>
      </div>
      <button type="submit">{p.t.save}</button>
    </PostForm>
  );
}

async function typesPage(
  deps: AppDeps,
  c: Context,
  p: Page,
  opts: PageOpts<Status> = {},
) {
  const lt = leaveTypeTexts(p.lang);
  const types = await readSection(deps, "leaveTypes") as LeaveTypeEntry[];
  const nameOf = (e: LeaveTypeEntry) => (p.lang === "it" ? e.name.it : e.name[p.lang]) ?? e.name.de;
  return render(
    c,
    <ConsolePage
      p={p}
      title={lt.types}
      here="leave"
      back={["/hr/leave", p.t.leave]}
      flash={opts.flash}
      errors={opts.errors}
    >
      <p>{lt.intro}</p>
      <Table cols={[lt.name, lt.code, lt.annualDays, lt.carryOverMax, lt.overdraft, lt.perEvent]}>
        {types.map((e) => (
          <tr>
            <td>
              <a href={`/hr/leave/types/${e.code}`}>{nameOf(e)}</a>
              {e.active ? null : <p class="hint">{lt.inactive}</p>}
            </td>
            <td>{e.code}</td>
            <td>{e.deductsBalance ? String(e.annualDays) : "–"}</td>
            <td>{e.deductsBalance ? `${e.carryOverMaxDays} (${e.carryOverExpiry})` : "–"}</td>
            <td>{e.deductsBalance ? lt.overdraftNames[e.overdraft] : "–"}</td>
            <td>
              {e.perEvent
                ? `${e.perEvent.days} ${lt.eventUnitNames[e.perEvent.unit]}${
                  e.perEvent.withinMonths ? ` (${fill(lt.months, { n: e.perEvent.withinMonths })})` : ""
                }`
                : "–"}
            </td>
          </tr>
        ))}
      </Table>
      <h2>{lt.newType}</h2>
      <TypeForm p={p} lt={lt} f={opts.form ?? {}} existing={false} />
    </ConsolePage>,
    opts.status ?? 200,
  );
}

async function typePage(
  deps: AppDeps,
  c: Context,
  p: Page,
  code: string,
  opts: PageOpts<Status> = {},
) {
  const lt = leaveTypeTexts(p.lang);
  const type = (await readSection(deps, "leaveTypes") as LeaveTypeEntry[]).find((e) => e.code === code);
  if (!type) {
    return notFoundPage(c, p, { title: lt.types, here: "leave", message: lt.unknown });
  }
  return render(
    c,
    <ConsolePage
      p={p}
      title={`${type.name.de} (${code})`}
      here="leave"
      back={["/hr/leave/types", lt.allTypes]}
      flash={opts.flash}
      errors={opts.errors}
    >
      <TypeForm p={p} lt={lt} f={opts.form ?? formOf(type)} existing />
    </ConsolePage>,
    opts.status ?? 200,
  );
}

/** Mounts the leave types pages under /hr/leave/types. */
// deno-lint-ignore no-explicit-any
export function mountConsoleLeaveTypes(app: Hono<any>, deps: AppDeps): void {
  app.get("/hr/leave/types", consoleGet(deps, "/hr/leave/types", (c, p) => typesPage(deps, c, p)));

  app.get(
    "/hr/leave/types/:code",
    consoleGet(deps, "/hr/leave/types", (c, p) => typePage(deps, c, p, param(c, "code"))),
  );

  app.post(
    "/hr/leave/types",
    consolePost(deps, "/hr/leave/types", typesPage, async (c, { p, form }) => {
      const sent: Form = {};
      for (
        const k of [
          "code",
          "name_de",
          "name_fr",
          "name_it",
          "name_en",
          "overdraft",
          "annual_days",
          "carry_max",
          "event_days",
          "event_unit",
          "event_within",
        ]
      ) {
        sent[k] = formText(form, k, 100, true);
      }
      sent.carry_expiry = formText(form, "carry_expiry", 10, true);
      for (const k of ["deducts", "half_days", "active"]) sent[k] = form.get(k) === "yes" ? "yes" : "no";
      const types = await readSection(deps, "leaveTypes") as LeaveTypeEntry[];
      const current = types.find((e) => e.code === sent.code);
      const deducts = sent.deducts === "yes";
      const entry = {
        code: sent.code,
        name: {
          de: sent.name_de,
          fr: sent.name_fr,
          en: sent.name_en,
          ...(sent.name_it ? { it: sent.name_it } : {}),
        },
        deductsBalance: deducts,
        overdraft: sent.overdraft,
        annualDays: deducts ? numberOf(sent.annual_days) : 0,
        // The steps by age and service belong to the leave page; a type without a balance has none.
        steps: deducts ? current?.steps ?? [] : [],
        halfDays: sent.half_days === "yes",
        carryOverMaxDays: deducts ? numberOf(sent.carry_max) : 0,
        carryOverExpiry: sent.carry_expiry,
        ...(sent.event_days === "" ? {} : {
          perEvent: {
            days: numberOf(sent.event_days),
            unit: sent.event_unit,
            ...(sent.event_within === "" ? {} : { withinMonths: numberOf(sent.event_within) }),
          },
        }),
        active: sent.active === "yes",
      };
      const result = await applySections(deps, { leaveTypes: [entry] });
      if (!result.ok) {
        const errors = entryProblems(result.problems, "leaveTypes[0]");
        return current
          ? await typePage(deps, c, p, sent.code, { errors, status: 400, form: sent })
          : await typesPage(deps, c, p, { errors, status: 400, form: sent });
      }
      return await typePage(deps, c, p, sent.code, {
        flash: fill(leaveTypeTexts(p.lang).saved, { code: sent.code }),
      });
    }),
  );
}
