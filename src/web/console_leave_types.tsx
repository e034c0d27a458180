/** @jsxImportSource hono/jsx */
/**
 * The HR console's leave types: vacation, statutory and common leave as data the organisation changes
 * (names in four languages, a balance or none, what happens beyond it, days a year, carry-over and its
 * expiry, half days, special leave's length per event, whether it can still be requested). A save is the
 * type's entry of the configuration file, checked and applied by `org apply`'s own code (`applySections`,
 * through the kit's `entryPages`), so the console, the file and `leave-types` agree. The vacation
 * policy's steps by age and service are edited on the leave page.
 */
import type { Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { CODE_KEY_HTML } from "../domain/fields.ts";
import { fill } from "../i18n/mod.ts";
import { type LeaveTypeTexts, leaveTypeTexts } from "../i18n/console_leave_types.ts";
import type { LeaveTypeEntry } from "../org_config/sections/leave_types.ts";
import { ORG_LANGUAGES } from "../settings.ts";
import {
  Check,
  Choice,
  type EntryForm,
  type EntryPages,
  entryPages,
  Field,
  formText,
  formYes,
  Hint,
  KeyField,
  NameFieldset,
  numberOrText,
  type Page,
  PostForm,
  Table,
} from "./console_kit.tsx";

function formOf(e: LeaveTypeEntry): EntryForm {
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

function TypeForm(props: { p: Page; t: LeaveTypeTexts; f: EntryForm; existing: boolean }) {
  const { p, t: lt, f } = props;
  // A new type's boxes start ticked.
  const checked = (k: string) => (f[k] ?? "yes") === "yes";
  return (
    <PostForm p={p} action="/hr/leave/types">
      <KeyField
        existing={props.existing}
        name="code"
        label={lt.code}
        hint={lt.codeHint}
        maxlength={40}
        pattern={CODE_KEY_HTML}
        value={f.code}
      />
      <NameFieldset
        legend={lt.name}
        langs={ORG_LANGUAGES}
        languageNames={lt.languageNames}
        required={(lang) => lang !== "it"}
        f={f}
      />
      <Check id="deducts" label={lt.deducts} name="deducts" checked={checked("deducts")} />
      <Choice
        id="overdraft"
        label={lt.overdraft}
        name="overdraft"
        options={["REFUSE", "FLAG"] as const}
        names={lt.overdraftNames}
        value={f.overdraft}
        dflt="REFUSE"
      />
      <Field
        id="annual"
        label={lt.annualDays}
        name="annual_days"
        type="number"
        min={0}
        max={366}
        step="0.5"
        value={f.annual_days ?? "0"}
      />
      <Check id="half" label={p.t.halfDays} name="half_days" checked={checked("half_days")} />
      <Field
        id="carry"
        label={lt.carryOverMax}
        name="carry_max"
        type="number"
        min={0}
        max={366}
        step="0.5"
        value={f.carry_max ?? "0"}
      />
      <Field
        id="expiry"
        label={lt.carryOverExpiry}
        name="carry_expiry"
        type="text"
        maxlength={5}
        pattern="\d\d-\d\d"
        hint={lt.carryOverExpiryHint}
        value={f.carry_expiry ?? "03-31"}
      />
      <fieldset>
        <legend>{lt.perEvent}</legend>
        <Hint id="event-hint">{lt.perEventHint}</Hint>
        <Field
          id="event-days"
          label={lt.perEvent}
          name="event_days"
          type="number"
          min={0.5}
          max={366}
          step="0.5"
          describedBy="event-hint"
          value={f.event_days ?? ""}
        />
        <Choice
          id="event-unit"
          label={lt.eventUnit}
          name="event_unit"
          options={["WORKING_DAYS", "CALENDAR_DAYS"] as const}
          names={lt.eventUnitNames}
          value={f.event_unit}
          dflt="WORKING_DAYS"
        />
        <Field
          id="event-within"
          label={lt.eventWithinMonths}
          name="event_within"
          type="number"
          min={1}
          max={24}
          step="1"
          hint={lt.eventWithinMonthsHint}
          value={f.event_within ?? ""}
        />
      </fieldset>
      <Check id="active" label={lt.active} name="active" checked={checked("active")} />
      <button type="submit">{p.t.save}</button>
    </PostForm>
  );
}

/** The fields sent as text, each cut to 100 characters. */
const TEXT_FIELDS = [
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
];

const LEAVE_TYPES: EntryPages<LeaveTypeEntry, LeaveTypeTexts> = {
  section: "leaveTypes",
  base: "/hr/leave/types",
  here: "leave",
  keyField: "code",
  texts: leaveTypeTexts,
  keyOf: (e) => e.code,
  list: {
    title: (lt) => lt.types,
    back: (p) => ["/hr/leave", p.t.leave],
    content: (p, lt, types) => {
      const nameOf = (e: LeaveTypeEntry) => (p.lang === "it" ? e.name.it : e.name[p.lang]) ?? e.name.de;
      return (
        <>
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
        </>
      );
    },
    newEntry: (lt) => lt.newType,
  },
  entry: {
    title: (_, __, e) => ({ title: `${e.name.de} (${e.code})` }),
    back: (lt) => lt.allTypes,
    unknown: (lt) => lt.unknown,
  },
  form: TypeForm,
  formOf,
  sent: (form) => {
    const sent: EntryForm = {};
    for (const k of TEXT_FIELDS) sent[k] = formText(form, k, 100, true);
    sent.carry_expiry = formText(form, "carry_expiry", 10, true);
    for (const k of ["deducts", "half_days", "active"]) sent[k] = formYes(form, k);
    return sent;
  },
  entryOf: (sent, current) => {
    const deducts = sent.deducts === "yes";
    return {
      code: sent.code,
      name: {
        de: sent.name_de,
        fr: sent.name_fr,
        en: sent.name_en,
        ...(sent.name_it ? { it: sent.name_it } : {}),
      },
      deductsBalance: deducts,
      overdraft: sent.overdraft,
      annualDays: deducts ? numberOrText(sent.annual_days) : 0,
      // The steps by age and service belong to the leave page; a type without a balance has none.
      steps: deducts ? current?.steps ?? [] : [],
      halfDays: sent.half_days === "yes",
      carryOverMaxDays: deducts ? numberOrText(sent.carry_max) : 0,
      carryOverExpiry: sent.carry_expiry,
      ...(sent.event_days === "" ? {} : {
        perEvent: {
          days: numberOrText(sent.event_days),
          unit: sent.event_unit,
          ...(sent.event_within === "" ? {} : { withinMonths: numberOrText(sent.event_within) }),
        },
      }),
      active: sent.active === "yes",
    };
  },
  saved: (lt, code) => fill(lt.saved, { code }),
};

/** Mounts the leave types pages under /hr/leave/types. */
// deno-lint-ignore no-explicit-any
export function mountConsoleLeaveTypes(app: Hono<any>, deps: AppDeps): void {
  const pages = entryPages(deps, LEAVE_TYPES);
  app.get("/hr/leave/types", pages.list);
  app.get("/hr/leave/types/:code", pages.entry);
  app.post("/hr/leave/types", pages.save);
}
