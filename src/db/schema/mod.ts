/** The whole data model, one file per area. drizzle-kit reads this module to write migrations. */
export * from "./people.ts";
export * from "./leave.ts";
export * from "./time.ts";
export * from "./sick.ts";
export * from "./pay.ts";
export * from "./calendar.ts";
export * from "./recruiting.ts";
export * from "./onboarding.ts";
export * from "./documents.ts";
export * from "./expenses.ts";
export * from "./mail.ts";
export * from "./connector.ts";
export * from "./privacy.ts";
export * from "./idempotency.ts";
export * from "./invitations.ts";
export * from "./push.ts";
export * from "./sync.ts";
