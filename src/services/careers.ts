/**
 * The public side of recruiting: the open positions as a candidate sees them (nothing internal: no salary
 * band, no hiring manager, no pipeline) and an application sent without an account. An application starts in
 * the first stage of the pipeline with the candidate's CV (and letter) as PDF files, their consent under the
 * Swiss data protection act, and an acknowledgement e-mail in their language; the recruiting tools of the HR
 * console and the connector then work on it like on any other.
 */
import { isEmailAddress } from "../domain/fields.ts";
import { and, asc, eq } from "drizzle-orm";
import { Buffer } from "node:buffer";
import type { AppDeps } from "../deps.ts";
import { applicationFiles, applications, departments, positions, stages } from "../db/schema/mod.ts";
import { refusal, type RefusalMessage } from "../errors.ts";
import { fill, isLang, type Lang } from "../i18n/mod.ts";
import { careersTexts } from "../i18n/careers.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { getSetting } from "../settings.ts";
import { fileTypeOf } from "./uploaded_files.ts";
import { applicationFileName } from "./hr_positions.ts";
import { inLanguage } from "../domain/recruiting.ts";

/** How long an application is kept after its procedure ends (shown on the form and in the e-mail). */
export const APPLICATION_RETENTION_MONTHS = 6;
/** The largest CV or letter accepted. */
export const APPLICATION_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** An open position as the careers page shows it. */
export interface OpenPosition {
  id: string;
  title: string;
  department: string | null;
  location: string | null;
  workload: string | null;
  advertisement: string | null;
}

function workloadText(min: number | null, max: number | null): string | null {
  if (min === null && max === null) return null;
  if (min === null || max === null || min === max) return `${min ?? max} %`;
  return `${min}–${max} %`;
}

/** The positions open for applications, by title, each advertisement in `lang` (else German, else any). */
/** The organisation's name as the careers page shows it (`settings.name`), or null while it has none. */
export async function organisationName(deps: Pick<AppDeps, "db" | "config">): Promise<string | null> {
  const name = (await getSetting(deps, "organisationName"))?.trim();
  return name ? name : null;
}

export async function listOpenPositions(deps: Pick<AppDeps, "db">, lang: string): Promise<OpenPosition[]> {
  const rows = await deps.db.select({ p: positions, department: departments.name }).from(positions)
    .leftJoin(departments, eq(departments.id, positions.departmentId))
    .where(eq(positions.status, "OPEN")).orderBy(asc(positions.title)).limit(200);
  return rows.map(({ p, department }) => ({
    id: p.id,
    title: p.title,
    department,
    location: p.location,
    workload: workloadText(p.workloadMin, p.workloadMax),
    advertisement: inLanguage(p.advertisements, lang),
  }));
}

/** One open position, or not found (a draft, one on hold or closed reads as unknown). */
export async function getOpenPosition(
  deps: Pick<AppDeps, "db">,
  id: string,
  lang: string,
): Promise<OpenPosition> {
  const p = (await listOpenPositions(deps, lang)).find((x) => x.id === id);
  if (!p) throw refusal("not_found", "careers.positionNotOpen");
  return p;
}

/** A file the candidate sent. */
export interface SentFile {
  name: string;
  bytes: Uint8Array;
}

/** What the application form sends. */
export interface ApplicationInput {
  positionId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  language: string;
  consent: boolean;
  cv: SentFile | null;
  letter: SentFile | null;
}

/** What is wrong with one sent file, if anything. */
type FileProblem = "required" | "tooLarge" | "notPdf";

/** Checks one PDF; what is wrong with it, if anything. */
function pdfProblem(f: SentFile | null, required: boolean): FileProblem | null {
  if (!f || f.bytes.byteLength === 0) return required ? "required" : null;
  if (f.bytes.byteLength > APPLICATION_FILE_MAX_BYTES) return "tooLarge";
  if (fileTypeOf(f.bytes) !== "application/pdf") return "notPdf";
  return null;
}

const FILE_PROBLEM_TEXT = {
  required: "careers.fileRequired",
  tooLarge: "careers.fileTooLarge",
  notPdf: "careers.fileNotPdf",
} as const;

/** The longest first name the acknowledgement greets with. */
const GREETING_NAME_MAX = 40;

/** A word of a name: letters (any script) and their marks, joined by hyphens or apostrophes, maybe a final period. */
const NAME_WORD = /^[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*\.?$/u;

/**
 * The first name the acknowledgement may greet with, or "" for a greeting without a name. The e-mail goes to
 * whatever address the form names, five an hour from one source, so it must carry no text of the sender's
 * choosing: a name is used only when every word of it is a name's word (no link, domain, digit, markup,
 * placeholder, line break or control character), cut to the whole words within 40 characters; anything else
 * is dropped whole rather than cleaned, so no part of a message survives. The mail is plain text, so a name
 * of letters needs no further escaping.
 */
export function greetingName(firstName: string): string {
  const words = firstName.normalize("NFC").trim().split(/[ \u00a0]+/);
  if (!words.every((w) => NAME_WORD.test(w))) return "";
  let name = "";
  for (const w of words) {
    const next = name ? `${name} ${w}` : w;
    if (next.length > GREETING_NAME_MAX) break;
    name = next;
  }
  return name;
}

/**
 * Files an application from the public form, all or nothing: every problem is reported; nothing is stored
 * then. The first stage is the pipeline's lowest that neither hires nor rejects.
 */
export async function applyForPosition(
  deps: AppDeps & { mailKick?: () => void },
  input: ApplicationInput,
): Promise<{ applicationId: string; position: string; language: Lang }> {
  const position = await getOpenPosition(deps, input.positionId, input.language);
  // Each problem in the reader's words, and the field it is about (the form's input names).
  const problems: RefusalMessage[] = [];
  const fields: string[] = [];
  const problem = (field: string, m: RefusalMessage) => {
    problems.push(m);
    fields.push(field);
  };
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const email = input.email.trim();
  const phone = input.phone.trim();
  if (firstName.length < 1 || firstName.length > 100) problem("firstName", { id: "careers.firstName" });
  if (lastName.length < 1 || lastName.length > 100) problem("lastName", { id: "careers.lastName" });
  if (!isEmailAddress(email)) {
    problem("email", { id: "careers.email" });
  }
  if (phone.length > 40) problem("phone", { id: "careers.phone" });
  if (!isLang(input.language)) problem("language", { id: "careers.language" });
  if (!input.consent) problem("consent", { id: "careers.consent" });
  const cvProblem = pdfProblem(input.cv, true);
  const letterProblem = pdfProblem(input.letter, false);
  if (cvProblem) {
    problem("cv", { id: FILE_PROBLEM_TEXT[cvProblem], params: { file: { id: "careers.cv" } } });
  }
  if (letterProblem) {
    problem("letter", { id: FILE_PROBLEM_TEXT[letterProblem], params: { file: { id: "careers.letter" } } });
  }
  if (problems.length) {
    const files = [cvProblem, letterProblem];
    const code = files.includes("tooLarge")
      ? "payload_too_large"
      : files.includes("notPdf")
      ? "unsupported_media_type"
      : "validation";
    throw refusal(code, "careers.notSent", { problems }, { field: fields });
  }
  const language = input.language as Lang;
  const now = deps.clock.now();
  const [first] = await deps.db.select().from(stages).where(
    and(eq(stages.marksHired, false), eq(stages.marksRejected, false)),
  ).orderBy(asc(stages.sortOrder)).limit(1);
  if (!first) throw refusal("validation", "careers.noStages");
  const company = await getSetting(deps, "organisationName") ?? "";
  const t = careersTexts(language);
  const vars = {
    firstName: greetingName(firstName),
    position: position.title,
    months: String(APPLICATION_RETENTION_MONTHS),
    company,
  };
  const applicationId = crypto.randomUUID();
  await deps.db.transaction(async (tx) => {
    await tx.insert(applications).values({
      id: applicationId,
      positionId: position.id,
      candidateFirstName: firstName,
      candidateLastName: lastName,
      candidateEmail: email,
      candidatePhone: phone || null,
      stageId: first.id,
      status: "ACTIVE",
      source: "CAREERS_PAGE",
      candidateLanguage: language,
      consentedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    for (const [kind, f] of [["CV", input.cv], ["LETTER", input.letter]] as const) {
      if (!f || f.bytes.byteLength === 0) continue;
      await tx.insert(applicationFiles).values({
        applicationId,
        kind,
        // Never the name the candidate gave: it may say `.html` or `.svg` for bytes that only begin like a PDF.
        fileName: applicationFileName(kind),
        contentType: "application/pdf",
        sizeBytes: f.bytes.byteLength,
        bytes: Buffer.from(f.bytes),
        uploadedAt: now,
      });
    }
    await enqueueMail(tx, deps.clock, {
      to: email,
      subject: fill(t.mailSubject, vars),
      // Without a name the greeting line ends in a space ("Hello "), taken off here.
      text: fill(t.mailText, vars).replace(/ +\n/g, "\n"),
      relatedTo: `application:${applicationId}`,
    });
  });
  deps.mailKick?.();
  return { applicationId, position: position.title, language };
}
