/** @jsxImportSource hono/jsx */
/**
 * The sections of the HR console's page of one person (`console_person.tsx`): the personnel file's form, the
 * leave correction, the workload change, the document asked for, the document filed and the account. Each
 * is drawn from what the page loaded; none reads the database.
 */
import type { Child } from "hono/jsx";
import { personTexts } from "../i18n/console_person.ts";
import { PERSONAL_DOCUMENT_KINDS } from "../services/my_documents.ts";
import type { accountOfPerson, balanceLeaveTypes, listPersonNames } from "../services/hr_console.ts";
import { SALARY_SCALES } from "../domain/sick.ts";
import {
  CantonSelect,
  Choice,
  EmploymentFields,
  Field,
  LanguageSelect,
  NameFields,
  type Page,
  PercentField,
  PersonOptions,
  PostForm,
  WeekdayBoxes,
} from "./console_kit.tsx";

type Form = Record<string, string> | undefined;
type Account = NonNullable<Awaited<ReturnType<typeof accountOfPerson>>>;

const CONSOLE_ROLES_FOR_HR = ["employee", "manager", "hr", "recruiter"] as const;
const CONSOLE_ROLES_FOR_ADMIN = [...CONSOLE_ROLES_FOR_HR, "admin"] as const;

/** The personnel file's form: `f` is the file's row with what was typed over it. */
export function RecordForm(props: {
  p: Page;
  action: string;
  pn: string;
  f: Record<string, string>;
  others: Awaited<ReturnType<typeof listPersonNames>>;
}) {
  const { p, action, f, others } = props;
  const { t } = p;
  const pt = personTexts(p.lang);
  return (
    <PostForm p={p} action={action}>
      <NameFields p={p} first={f.first_name} last={f.last_name} />
      <Field
        id="email"
        label={t.email}
        name="work_email"
        type="email"
        maxlength={200}
        value={f.work_email}
      />
      <LanguageSelect lang={p.lang} value={f.language} />
      <Field id="phone" label={pt.phone} name="phone" type="tel" maxlength={40} value={f.phone} />
      <CantonSelect label={t.canton} value={f.canton} />
      <Field
        id="canton-from"
        label={pt.cantonFrom}
        hint={pt.cantonFromHint}
        name="canton_valid_from"
        type="date"
        value={f.canton_valid_from}
      />
      <label for="manager">{pt.manager}</label>
      <select id="manager" name="manager_personnel_number">
        <option value="" selected={!f.manager_personnel_number}>{pt.noManager}</option>
        <PersonOptions
          people={others.filter((o) => o.pn !== props.pn)}
          value={f.manager_personnel_number}
        />
      </select>
      <Field
        id="department"
        label={pt.department}
        name="department"
        type="text"
        maxlength={100}
        value={f.department}
      />
      <Field
        id="job"
        label={pt.jobTitle}
        name="job_title"
        type="text"
        maxlength={100}
        value={f.job_title}
      />
      <EmploymentFields
        t={t}
        f={f}
        workload={f.workload_percent}
        end={
          <Field
            id="end"
            label={pt.end}
            hint={pt.endHint}
            name="employment_end"
            type="date"
            value={f.employment_end}
          />
        }
      />
      <WeekdayBoxes t={t} name="weekday" prefix="day" days={f.working_weekdays.split(/[;,]/)} />
      <Field
        id="hours"
        label={pt.weeklyHours}
        name="weekly_hours"
        type="number"
        min={1}
        max={60}
        step="0.25"
        value={f.weekly_hours}
      />
      <Choice
        id="scale"
        label={pt.scale}
        name="salary_continuation_scale"
        options={SALARY_SCALES}
        names={pt.scaleNames}
        value={f.salary_continuation_scale}
      />
      <button type="submit">{t.save}</button>
    </PostForm>
  );
}

/** The correction of a leave balance (days added or taken away, with why); `thisYear` is the year preset. */
export function CorrectionSection(props: {
  p: Page;
  action: string;
  form: Form;
  balanceTypes: Awaited<ReturnType<typeof balanceLeaveTypes>>;
  thisYear: string;
}) {
  const { p, action, form } = props;
  const pt = personTexts(p.lang);
  return (
    <FormSection
      p={p}
      id="correction"
      title={pt.correction}
      intro={pt.correctionIntro}
      action={`${action}/correction`}
    >
      <label for="ctype">{pt.leaveType}</label>
      <select id="ctype" name="type">
        {props.balanceTypes.map((lt) => (
          <option key={lt.code} value={lt.code} selected={(form?.type ?? "VACATION") === lt.code}>
            {lt.name}
          </option>
        ))}
      </select>
      <Field
        id="cyear"
        label={pt.year}
        name="year"
        type="number"
        required
        min={2000}
        max={2100}
        value={form?.year ?? props.thisYear}
      />
      <Field
        id="cdays"
        label={pt.days}
        hint={pt.daysHint}
        name="days"
        type="number"
        step="0.5"
        required
        value={form?.days}
      />
      <Field
        id="cnote"
        label={pt.note}
        name="note"
        type="text"
        required
        minlength={3}
        maxlength={500}
        value={form?.note}
      />
    </FormSection>
  );
}

/** A change of workload and working weekdays from a date on, preset with the file's current ones. */
export function WorkloadSection(props: {
  p: Page;
  action: string;
  form: Form;
  record: Record<string, string>;
}) {
  const { p, action, form, record } = props;
  const pt = personTexts(p.lang);
  return (
    <FormSection
      p={p}
      id="workload"
      title={pt.workload}
      intro={pt.workloadIntro}
      introId="workload-intro"
      action={`${action}/workload`}
    >
      <Field
        id="wfrom"
        label={pt.workloadFrom}
        name="wl_from"
        type="date"
        required
        describedBy="workload-intro"
        value={form?.wl_from}
      />
      <PercentField
        id="wpercent"
        label={pt.workloadPercent}
        name="wl_percent"
        required
        value={form?.wl_percent ?? record.workload_percent}
      />
      <WeekdayBoxes
        t={p.t}
        name="wl_weekday"
        prefix="wday"
        days={(form?.wl_weekdays ?? record.working_weekdays).split(/[;,]/)}
      />
    </FormSection>
  );
}

/** A document asked of the person (its kind, by when). */
export function DocumentRequestSection(props: { p: Page; action: string; form: Form }) {
  const { p, action, form } = props;
  const pt = personTexts(p.lang);
  return (
    <FormSection
      p={p}
      id="documents"
      title={pt.askDocument}
      intro={pt.askDocumentIntro}
      introId="ask-intro"
      action={`${action}/documents`}
    >
      <Field
        id="dkind"
        label={pt.documentKind}
        name="doc_kind"
        type="text"
        required
        minlength={2}
        maxlength={100}
        describedBy="ask-intro"
        value={form?.doc_kind}
      />
      <Field id="ddue" label={pt.dueDate} name="doc_due" type="date" value={form?.doc_due} />
    </FormSection>
  );
}

/** A document HR files into the person's own documents (an upload). */
export function OwnDocumentSection(props: { p: Page; action: string; form: Form }) {
  const { p, action, form } = props;
  const pt = personTexts(p.lang);
  return (
    <FormSection
      p={p}
      id="own-documents"
      title={pt.fileDocument}
      intro={pt.fileDocumentIntro}
      introId="file-intro"
      action={`${action}/own-documents`}
      upload
    >
      <Choice
        id="fkind"
        label={pt.fileKind}
        name="file_kind"
        options={PERSONAL_DOCUMENT_KINDS}
        names={pt.fileKinds}
        value={form?.file_kind}
      />
      <Field
        id="ftitle"
        label={pt.fileTitle}
        name="file_title"
        type="text"
        required
        maxlength={200}
        value={form?.file_title}
      />
      <Field
        id="fyear"
        label={pt.fileYear}
        name="file_year"
        type="number"
        min={1900}
        max={2100}
        value={form?.file_year}
      />
      <Field
        id="ffile"
        label={pt.fileFile}
        name="file"
        type="file"
        required
        accept="application/pdf,image/jpeg,image/png,image/heic"
        describedBy="file-intro"
      />
    </FormSection>
  );
}

/** The person's account (role, active or not), or that they have none yet. */
export function AccountSection(props: { p: Page; action: string; account: Account | null }) {
  const { p, action, account } = props;
  const { t } = p;
  const pt = personTexts(p.lang);
  // An administrator is made (or changed) by an administrator only.
  const roles = p.user.role === "admin" ? [...CONSOLE_ROLES_FOR_ADMIN] : [...CONSOLE_ROLES_FOR_HR];
  return (
    <>
      <h2 id="account">{pt.account}</h2>
      {account
        ? (
          <>
            <p>
              {`${account.email} · ${
                t.roleNames[account.role as keyof typeof t.roleNames] ?? account.role
              } · ${account.active ? pt.active : pt.deactivatedState}`}
            </p>
            <PostForm p={p} action={`${action}/role`}>
              <label for="role">{t.role}</label>
              <select id="role" name="role">
                {roles.map((r) => (
                  <option key={r} value={r} selected={account.role === r}>{t.roleNames[r]}</option>
                ))}
              </select>
              <button type="submit">{t.save}</button>
            </PostForm>
            <PostForm p={p} action={`${action}/active`}>
              <input type="hidden" name="active" value={account.active ? "no" : "yes"} />
              <button type="submit" class="secondary">
                {account.active ? pt.deactivate : pt.reactivate}
              </button>
            </PostForm>
          </>
        )
        : <p>{pt.noAccount}</p>}
    </>
  );
}

/** One of the page's forms under its heading and introduction, with its save button. */
function FormSection(props: {
  p: Page;
  id: string;
  title: string;
  intro: string;
  introId?: string;
  action: string;
  upload?: boolean;
  children?: Child;
}) {
  return (
    <>
      <h2 id={props.id}>{props.title}</h2>
      <p id={props.introId}>{props.intro}</p>
      <PostForm p={props.p} action={props.action} upload={props.upload}>
        {props.children}
        <button type="submit">{props.p.t.save}</button>
      </PostForm>
    </>
  );
}
