import { blob, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { day, flag, id, instant } from "./_common.ts";
import { departments, employees, users } from "./people.ts";
import type { TitleTranslations } from "./onboarding.ts";

/** A candidate e-mail's subject and body in each language it is written in. */
export type EmailTexts = Partial<Record<string, { subject: string; body: string }>>;

/** An open (or closed) position. Salary bands are HR-only and never leave the service through the connector. */
export const positions = sqliteTable(
  "positions",
  {
    id: id(),
    title: text("title").notNull(),
    departmentId: text("department_id").references(() => departments.id),
    location: text("location"),
    canton: text("canton"),
    workloadMin: real("workload_min"),
    workloadMax: real("workload_max"),
    /** DRAFT | OPEN | ON_HOLD | CLOSED */
    status: text("status").notNull().default("OPEN"),
    /**
     * The advertisement per language, JSON `{"de": "…", "fr": "…"}` (de, fr, it, en; any may be missing): the
     * careers page shows the visitor's language, else German, else the first there is.
     */
    advertisements: text("advertisements", { mode: "json" }).$type<Partial<Record<string, string>>>()
      .notNull()
      .default({}),
    salaryBandMin: real("salary_band_min"),
    salaryBandMax: real("salary_band_max"),
    hiringManagerEmployeeId: text("hiring_manager_employee_id").references(() => employees.id),
    /** The first working day of whoever is hired, when the position has one (else see docs/recruiting.md). */
    startDate: day("start_date"),
    openedAt: instant("opened_at"),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (
    t,
  ) => [index("positions_status_idx").on(t.status), index("positions_hm_idx").on(t.hiringManagerEmployeeId)],
);

/** People who hire for a position besides the hiring manager (recruiters): their scope of applications. */
export const positionTeam = sqliteTable(
  "position_team",
  {
    id: id(),
    positionId: text("position_id").notNull().references(() => positions.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** RECRUITER | INTERVIEWER */
    role: text("role").notNull().default("RECRUITER"),
  },
  (
    t,
  ) => [
    uniqueIndex("position_team_pos_user_idx").on(t.positionId, t.userId),
    index("position_team_user_idx").on(t.userId),
  ],
);

/**
 * A pipeline stage. `gated`: an application may only move into this stage once all of its blocking tasks
 * are done (the compliance override exists for HR in the product, never over the connector).
 */
export const stages = sqliteTable("stages", {
  id: id(),
  key: text("key").notNull().unique(),
  nameDe: text("name_de").notNull(),
  nameEn: text("name_en").notNull(),
  nameFr: text("name_fr").notNull(),
  /** Italian name; Italian readers get the German one without it. */
  nameIt: text("name_it"),
  sortOrder: integer("sort_order").notNull(),
  gated: flag("gated").notNull().default(false),
  marksHired: flag("marks_hired").notNull().default(false),
  marksRejected: flag("marks_rejected").notNull().default(false),
});

/** What entering a stage sets off: EMAIL_CANDIDATE | CREATE_TASK | NOTIFY_HIRING_MANAGER | MARK_HIRED. */
export const stageAutomaticTasks = sqliteTable("stage_automatic_tasks", {
  id: id(),
  stageId: text("stage_id").notNull().references(() => stages.id, { onDelete: "cascade" }),
  kind: text("kind").notNull(),
  title: text("title").notNull(),
  /**
   * For CREATE_TASK: the title in German, French, Italian or English, JSON `{"fr": "…"}` (any may be missing): the
   * task is written in its assignee's language, else in `title`.
   */
  titleTranslations: text("title_translations", { mode: "json" }).$type<TitleTranslations>().notNull()
    .default({}),
  /**
   * For EMAIL_CANDIDATE: the subject and body per language, JSON `{"de": {"subject", "body"}, "fr": …}`
   * (placeholders {firstName}, {lastName}, {position}). German is required; a candidate whose language has
   * none gets the German one.
   */
  emailTexts: text("email_texts", { mode: "json" }).$type<EmailTexts>().notNull().default({}),
  /** For CREATE_TASK: whether the created task blocks gated stages. */
  blocking: flag("blocking").notNull().default(false),
  /** For CREATE_TASK: who does the task: HR (the recruiting team) or HIRING_MANAGER (the position's). */
  assignee: text("assignee").notNull().default("HR"),
  sortOrder: integer("sort_order").notNull().default(0),
}, (t) => [index("stage_automatic_tasks_stage_idx").on(t.stageId)]);

/** A candidate's application for one position. */
export const applications = sqliteTable(
  "applications",
  {
    id: id(),
    positionId: text("position_id").notNull().references(() => positions.id),
    candidateFirstName: text("candidate_first_name").notNull(),
    candidateLastName: text("candidate_last_name").notNull(),
    candidateEmail: text("candidate_email").notNull(),
    candidatePhone: text("candidate_phone"),
    coverLetter: text("cover_letter"),
    stageId: text("stage_id").notNull().references(() => stages.id),
    /** ACTIVE | HIRED | REJECTED | WITHDRAWN */
    status: text("status").notNull().default("ACTIVE"),
    source: text("source"),
    /** The language the candidate reads (de, fr, it, en): their e-mails are written in it. */
    candidateLanguage: text("candidate_language").notNull().default("de"),
    /** When the candidate consented to the processing of their data (the public form asks). */
    consentedAt: instant("consented_at"),
    hiredAt: instant("hired_at"),
    /** The employee record a hire created (kept when the application is deleted: the person stays). */
    employeeId: text("employee_id").references(() => employees.id, { onDelete: "set null" }),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (
    t,
  ) => [
    index("applications_position_idx").on(t.positionId, t.status),
    index("applications_stage_idx").on(t.stageId),
  ],
);

/** Tasks on an application (reference check, work permit…); blocking ones hold gated stages shut. */
export const applicationTasks = sqliteTable("application_tasks", {
  id: id(),
  applicationId: text("application_id").notNull().references(() => applications.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  blocking: flag("blocking").notNull().default(false),
  done: flag("done").notNull().default(false),
  /** Who does it when it is someone's (the position's hiring manager); null: the recruiting team. */
  assigneeEmployeeId: text("assignee_employee_id").references(() => employees.id, { onDelete: "set null" }),
  completedAt: instant("completed_at"),
  createdAt: instant("created_at").notNull(),
}, (t) => [index("application_tasks_app_idx").on(t.applicationId)]);

/** Notes on an application. SHARED notes are seen by the hiring team; PRIVATE_HR notes by HR only. */
export const applicationNotes = sqliteTable("application_notes", {
  id: id(),
  applicationId: text("application_id").notNull().references(() => applications.id, { onDelete: "cascade" }),
  authorUserId: text("author_user_id").notNull().references(() => users.id),
  visibility: text("visibility").notNull().default("SHARED"),
  body: text("body").notNull(),
  channel: text("channel").notNull().default("PORTAL"),
  createdAt: instant("created_at").notNull(),
}, (t) => [index("application_notes_app_idx").on(t.applicationId, t.createdAt)]);

/** Scores from an AI screening feature. Stored for HR's own screens; never shown to assistants. */
export const applicationAiScores = sqliteTable("application_ai_scores", {
  id: id(),
  applicationId: text("application_id").notNull().references(() => applications.id, { onDelete: "cascade" }),
  score: real("score").notNull(),
  model: text("model").notNull(),
  rationale: text("rationale"),
  createdAt: instant("created_at").notNull(),
}, (t) => [index("application_ai_scores_app_idx").on(t.applicationId)]);

/** Every stage move, with who moved it, from where, and whether the gate override was used. */
export const applicationStageHistory = sqliteTable("application_stage_history", {
  id: id(),
  applicationId: text("application_id").notNull().references(() => applications.id, { onDelete: "cascade" }),
  fromStageId: text("from_stage_id"),
  toStageId: text("to_stage_id").notNull(),
  movedByUserId: text("moved_by_user_id"),
  channel: text("channel").notNull().default("PORTAL"),
  overrideUsed: flag("override_used").notNull().default(false),
  createdAt: instant("created_at").notNull(),
}, (t) => [index("application_stage_history_app_idx").on(t.applicationId, t.createdAt)]);

/** A candidate's file sent with the application (CV, letter): PDF only, type checked by its content. */
export const applicationFiles = sqliteTable("application_files", {
  id: id(),
  applicationId: text("application_id").notNull().references(() => applications.id, { onDelete: "cascade" }),
  /** CV | LETTER */
  kind: text("kind").notNull(),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  bytes: blob("bytes", { mode: "buffer" }).notNull(),
  uploadedAt: instant("uploaded_at").notNull(),
}, (t) => [uniqueIndex("application_files_app_kind_idx").on(t.applicationId, t.kind)]);
