import { blob, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { day, flag, id, instant } from "./_common.ts";

/** Installation-wide settings an admin may change at run time (key/value, JSON-encoded values). */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: instant("updated_at").notNull(),
});

export const departments = sqliteTable("departments", {
  id: id(),
  name: text("name").notNull(),
});

/**
 * An employee's master data. Sensitive fields (birth date, AHV number, IBAN) live here too but are only
 * ever read by code paths that show them to the owner or HR; the connector never selects them.
 */
export const employees = sqliteTable("employees", {
  id: id(),
  personnelNumber: text("personnel_number").notNull().unique(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  workEmail: text("work_email"),
  phone: text("phone"),
  privateEmail: text("private_email"),
  addressStreet: text("address_street"),
  addressPostalCode: text("address_postal_code"),
  addressCity: text("address_city"),
  addressCountry: text("address_country").default("CH"),
  emergencyContactName: text("emergency_contact_name"),
  emergencyContactPhone: text("emergency_contact_phone"),
  /**
   * Two-letter canton code (BE, ZH, VD, …) of the place of work as it stands today; a dated move is kept in
   * canton_changes, which decides each day's public holidays.
   */
  canton: text("canton").notNull(),
  managerId: text("manager_id"),
  departmentId: text("department_id").references(() => departments.id),
  jobTitle: text("job_title"),
  employmentStart: day("employment_start").notNull(),
  employmentEnd: day("employment_end"),
  /** Current workload in percent (100 = full time); history in workload_changes. */
  workloadPercent: real("workload_percent").notNull().default(100),
  /** ISO weekdays worked, comma-separated (1 = Monday … 7 = Sunday). */
  workingWeekdays: text("working_weekdays").notNull().default("1,2,3,4,5"),
  /** Full-time contract hours per week (e.g. 42); the week's target is this × workload. */
  weeklyHours: real("weekly_hours").notNull().default(42),
  /** BERNER, ZUERCHER or BASLER: the court scale for salary continuation during illness. */
  salaryContinuationScale: text("salary_continuation_scale").notNull().default("BERNER"),
  birthDate: day("birth_date"),
  ahvNumber: text("ahv_number"),
  iban: text("iban"),
  nationality: text("nationality"),
  /**
   * The person's language (de, en, fr, it) as HR entered it: their invitation is written in it, before any
   * account exists. Once they have an account, the account's language is the one they read in.
   */
  language: text("language"),
  createdAt: instant("created_at").notNull(),
  updatedAt: instant("updated_at").notNull(),
}, (t) => [
  index("employees_manager_idx").on(t.managerId),
  index("employees_name_idx").on(t.lastName, t.firstName),
  index("employees_department_idx").on(t.departmentId),
]);

/** Workload history: pro-rata entitlements and week targets follow the workload valid on each day. */
export const workloadChanges = sqliteTable("workload_changes", {
  id: id(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  validFrom: day("valid_from").notNull(),
  workloadPercent: real("workload_percent").notNull(),
  /** ISO weekdays worked from `validFrom` (`"1,2,3"`); null keeps the employee's current pattern. */
  workingWeekdays: text("working_weekdays"),
}, (t) => [uniqueIndex("workload_changes_emp_from_idx").on(t.employeeId, t.validFrom)]);

/**
 * Place-of-work canton history: the public holidays of each day come from the canton in force on it (the
 * latest row whose `validFrom` is on or before the day). No rows: `employees.canton` holds for every day.
 */
export const cantonChanges = sqliteTable("canton_changes", {
  id: id(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  validFrom: day("valid_from").notNull(),
  /** Two-letter canton code in force from `validFrom`. */
  canton: text("canton").notNull(),
}, (t) => [uniqueIndex("canton_changes_emp_from_idx").on(t.employeeId, t.validFrom)]);

/** A sign-in account. `employeeId` links it to a record; an account may have none (e.g. an external admin). */
export const users = sqliteTable("users", {
  id: id(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash"),
  /** employee | manager | recruiter | hr | admin */
  role: text("role").notNull().default("employee"),
  active: flag("active").notNull().default(true),
  /** de | en | fr */
  language: text("language").notNull().default("de"),
  employeeId: text("employee_id").unique().references(() => employees.id),
  failedSignIns: integer("failed_sign_ins").notNull().default(0),
  lockedUntil: instant("locked_until"),
  lastSignInAt: instant("last_sign_in_at"),
  createdAt: instant("created_at").notNull(),
  updatedAt: instant("updated_at").notNull(),
});

/** Links an account to an upstream OpenID Connect identity (issuer + subject). */
export const userIdentities = sqliteTable("user_identities", {
  id: id(),
  userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  issuer: text("issuer").notNull(),
  subject: text("subject").notNull(),
  createdAt: instant("created_at").notNull(),
}, (t) => [uniqueIndex("user_identities_iss_sub_idx").on(t.issuer, t.subject)]);

/**
 * A sign-in session (one per device). Only the SHA-256 of the bearer token is stored. `authenticatedAt`
 * is when the person last proved who they are: the consent screen's step-up compares it to a maximum age.
 */
export const sessions = sqliteTable("sessions", {
  id: id(),
  userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  deviceName: text("device_name"),
  /** password | oidc */
  method: text("method").notNull(),
  authenticatedAt: instant("authenticated_at").notNull(),
  createdAt: instant("created_at").notNull(),
  lastUsedAt: instant("last_used_at").notNull(),
  expiresAt: instant("expires_at").notNull(),
  revokedAt: instant("revoked_at"),
  /**
   * The token a refresh replaced, and when: a retry of that refresh (its answer lost on the way) is accepted
   * with it for a minute. No other request accepts it.
   */
  previousTokenHash: text("previous_token_hash"),
  rotatedAt: instant("rotated_at"),
}, (t) => [
  index("sessions_user_idx").on(t.userId),
  index("sessions_previous_token_idx").on(t.previousTokenHash),
]);

/**
 * A one-time code that ends an app's sign-in through the upstream provider (RFC 8252): handed to the app's
 * redirect URI, exchanged once within 60 seconds, with the PKCE verifier, for a session. Only its hash is
 * kept; the session it became is remembered so that a second use can end that session too.
 */
export const appSignInCodes = sqliteTable("app_signin_codes", {
  codeHash: text("code_hash").primaryKey(),
  userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  redirectUri: text("redirect_uri").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  createdAt: instant("created_at").notNull(),
  expiresAt: instant("expires_at").notNull(),
  usedAt: instant("used_at"),
  sessionId: text("session_id"),
});

/** A change of a sensitive field (AHV number, IBAN) or a salary question, asked by the owner, decided by HR. */
export const profileChangeRequests = sqliteTable("profile_change_requests", {
  id: id(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  field: text("field").notNull(),
  requestedValue: text("requested_value").notNull(),
  comment: text("comment"),
  /** PENDING | APPLIED | REJECTED */
  status: text("status").notNull().default("PENDING"),
  decidedByUserId: text("decided_by_user_id"),
  decidedAt: instant("decided_at"),
  createdAt: instant("created_at").notNull(),
}, (t) => [
  index("profile_change_requests_emp_idx").on(t.employeeId, t.status),
  // HR's queue of pending requests across all employees (approvals).
  index("profile_change_requests_status_idx").on(t.status, t.createdAt),
]);

/** Documents an employee still owes HR (work permit copy, diploma…): drives `todos.documentsMissing`. */
export const requiredDocuments = sqliteTable("required_documents", {
  id: id(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  kind: text("kind").notNull(),
  /** MISSING | RECEIVED */
  status: text("status").notNull().default("MISSING"),
  dueDate: day("due_date"),
  /** When the person's file arrived (status RECEIVED through an upload). */
  receivedAt: instant("received_at"),
  createdAt: instant("created_at").notNull(),
}, (t) => [index("required_documents_emp_idx").on(t.employeeId, t.status)]);

/**
 * The file a person uploaded for a required document (PDF or photo, type checked by its content). Read by
 * the person and by HR; a newer upload replaces it.
 */
export const requiredDocumentFiles = sqliteTable("required_document_files", {
  id: id(),
  requiredDocumentId: text("required_document_id").notNull().references(() => requiredDocuments.id, {
    onDelete: "cascade",
  }).unique(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  bytes: blob("bytes", { mode: "buffer" }).notNull(),
  uploadedAt: instant("uploaded_at").notNull(),
  uploadedByUserId: text("uploaded_by_user_id"),
});

/** Feedback the employee started writing but did not send: a to-do. */
export const feedbackDrafts = sqliteTable("feedback_drafts", {
  id: id(),
  authorEmployeeId: text("author_employee_id").notNull().references(() => employees.id, {
    onDelete: "cascade",
  }),
  subjectEmployeeId: text("subject_employee_id").references(() => employees.id),
  cycle: text("cycle").notNull(),
  /** DRAFT | SUBMITTED */
  status: text("status").notNull().default("DRAFT"),
  updatedAt: instant("updated_at").notNull(),
}, (t) => [index("feedback_drafts_author_idx").on(t.authorEmployeeId, t.status)]);

/** An open invitation to answer a survey: a to-do until completed or expired. */
export const surveyInvitations = sqliteTable("survey_invitations", {
  id: id(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  surveyTitle: text("survey_title").notNull(),
  /** OPEN | COMPLETED (answered) | DECLINED | EXPIRED */
  status: text("status").notNull().default("OPEN"),
  dueDate: day("due_date"),
  createdAt: instant("created_at").notNull(),
}, (t) => [index("survey_invitations_emp_idx").on(t.employeeId, t.status)]);

/** In-app notifications (e.g. "a leave request awaits you, filed via an assistant"). */
export const notifications = sqliteTable("notifications", {
  id: id(),
  recipientEmployeeId: text("recipient_employee_id").notNull().references(() => employees.id, {
    onDelete: "cascade",
  }),
  kind: text("kind").notNull(),
  /** JSON payload: ids and flags, no free text copied from the record. */
  payload: text("payload").notNull(),
  /** PORTAL | ASSISTANT: where the action that caused it came from. */
  channel: text("channel").notNull().default("PORTAL"),
  readAt: instant("read_at"),
  createdAt: instant("created_at").notNull(),
}, (t) => [index("notifications_recipient_idx").on(t.recipientEmployeeId, t.createdAt)]);
