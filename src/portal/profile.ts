import { z } from "zod";
import {
  countryCodeOrEmpty,
  languageChoice,
  phoneNumberOrEmpty,
  postalCodeOrEmpty,
} from "../domain/fields.ts";
import { rule, typeRule } from "../i18n/messages/mod.ts";
import { portalActor } from "../services/actor.ts";
import {
  getProfile,
  listProfileChangeRequests,
  requestProfileChange,
  updateProfile,
} from "../services/profile.ts";
import { getEmployeeSummary } from "../services/summary.ts";
import { route, type RouteDef } from "./route.ts";
import { DATA_VERSION } from "./reuse.ts";
import {
  CHANGE_FIELDS,
  cursorPageFields,
  cursorPageQuery,
  PortalEmployeeSummaryDTO,
  Profile,
  ProfileChangeRequest,
} from "./schemas.ts";

const nullableText = (max: number, what: string) =>
  z.string({ error: typeRule("rule.stringOrNull") }).trim().max(max, {
    message: rule("rule.maxChars", { max }),
  })
    .nullable().optional().meta({ description: `${what}; empty or null clears it.` });

const ProfilePatchBody = z.strictObject({
  phone: phoneNumberOrEmpty.nullable().optional(),
  // One string schema (not a union of "" and an address): a union beside `nullable` reads in OpenAPI 3.0 as
  // refusing null, while null clears the field like every other contact field.
  privateEmail: z.string({ error: typeRule("rule.stringOrNull") }).trim().toLowerCase()
    .regex(new RegExp(`^$|${z.regexes.email.source}`), { message: rule("rule.email") })
    .nullable().optional().meta({ description: "Private e-mail address; empty or null clears it." }),
  addressStreet: nullableText(200, "Street and number"),
  addressPostalCode: postalCodeOrEmpty.nullable().optional(),
  addressCity: nullableText(100, "City"),
  addressCountry: countryCodeOrEmpty.nullable().optional(),
  emergencyContactName: nullableText(200, "Emergency contact's name"),
  emergencyContactPhone: phoneNumberOrEmpty.nullable().optional(),
  language: languageChoice.optional(),
});

const ChangeRequestBody = z.strictObject({
  field: z.enum(CHANGE_FIELDS, { error: rule("rule.oneOf", { values: CHANGE_FIELDS.join(", ") }) }),
  value: z.string({ error: typeRule("rule.string") }).trim().min(1, { message: rule("rule.notEmpty") }).max(
    500,
  ),
  comment: z.string().trim().max(1000, { message: rule("rule.maxChars", { max: 1000 }) }).optional(),
});

/** The home-screen summary (contract), the caller's master data and sensitive-field change requests. */
export const profileRoutes: RouteDef[] = [
  route({
    method: "get",
    path: "/employee/summary",
    operationId: "getEmployeeSummary",
    reuse: true,
    tag: "profile",
    access: "employee",
    summary: "The caller's home-screen summary",
    description:
      "Exactly the contract's PortalEmployeeSummaryDTO. `leave` (this year's vacation; `entitlement` is " +
      "what is available: pro-rata entitlement + valid carry-over + adjustments, so remaining = entitlement − used − " +
      "planned), `timesheet` (the current ISO week), `nextPayoutDate` and `latestPayslipPeriod` are null when no data " +
      "exists yet. `todos.total` = feedbackDrafts + surveyInvitations + (onboardingOpen ? 1 : 0) + " +
      "(documentsMissing ? 1 : 0).",
    response: PortalEmployeeSummaryDTO,
    errors: {},
    handler: ({ deps, user, c }) => getEmployeeSummary(deps, portalActor(user), c.get(DATA_VERSION)),
  }),
  route({
    method: "get",
    path: "/employee/profile",
    operationId: "getProfile",
    reuse: true,
    tag: "profile",
    access: "employee",
    summary: "The caller's master data, sensitive fields included",
    description:
      "The signed-in employee's record: names, contact details and address, emergency contact, language, " +
      "employment (canton, job, manager, workload, working days) and the sensitive fields only they and " +
      "HR see (birth date, AHV number, IBAN, nationality, salary), with the fields a change request is " +
      "pending for. Never stored by any cache, not even on the device (`Cache-Control: no-store`).",
    response: Profile,
    errors: {},
    handler: ({ deps, user }) => getProfile(deps, portalActor(user)),
  }),
  route({
    method: "patch",
    path: "/employee/profile",
    operationId: "updateProfile",
    tag: "profile",
    access: "employee",
    summary: "Change contact details, address, emergency contact or language",
    description:
      "Only these fields change directly. AHV number, IBAN, names, birth date and nationality change " +
      "through `POST /employee/profile/change-requests`, which HR decides.",
    body: ProfilePatchBody,
    response: Profile,
    errors: {},
    handler: ({ deps, user, body }) => updateProfile(deps, portalActor(user), body),
  }),
  route({
    method: "get",
    path: "/employee/profile/change-requests",
    operationId: "listProfileChangeRequests",
    reuse: true,
    tag: "profile",
    access: "employee",
    summary: "The caller's change requests for sensitive fields",
    description: "The caller's requests to change a sensitive field (AHV number, IBAN, names, birth date, " +
      "nationality) or questions about their salary, newest first, 50 a page, with their state: PENDING " +
      "until HR applies (APPLIED) or rejects (REJECTED) them.",
    query: z.strictObject({ ...cursorPageQuery }),
    response: z.strictObject(cursorPageFields(ProfileChangeRequest)),
    errors: {},
    handler: ({ deps, user, query }) => listProfileChangeRequests(deps, portalActor(user), query),
  }),
  route({
    method: "post",
    path: "/employee/profile/change-requests",
    operationId: "requestProfileChange",
    tag: "profile",
    access: "employee",
    status: 201,
    summary: "Ask HR to change a sensitive field (or ask a salary question)",
    description:
      "The value is checked (AHV number with its check digit, IBAN with its checksum, dates, country " +
      "codes) and stays pending until HR applies it. One open request per field.",
    body: ChangeRequestBody,
    response: ProfileChangeRequest,
    errors: { 409: "A change of this field is already waiting for HR." },
    handler: ({ deps, user, body }) => requestProfileChange(deps, portalActor(user), body),
  }),
];
