/**
 * What the 17 HR tools share: the guard-rail sentence every HR-scope description ends with (contract,
 * "Resources and prompts"), and the output pieces of HR reads. HR outputs are declared field by field;
 * validating a result through them drops anything a service might add, so no sensitive field can slip out.
 */
import { z } from "zod";

/** The sentence every HR-scope tool description ends with. */
export const NO_RANKING = "This tool must never be used to rank, score or compare people against each other.";

/** An HR tool description: the text, then the guard rail. */
export function hrDescription(text: string): string {
  return `${text} ${NO_RANKING}`;
}

/** An employee as HR reads show them: master data only, no sensitive field, no salary. */
export const employeeCardOut = z.object({
  id: z.string(),
  personnelNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string().nullable(),
  department: z.string().nullable(),
  canton: z.string(),
  workEmail: z.string().nullable(),
  managerId: z.string().nullable(),
  managerName: z.string().nullable(),
  workloadPercent: z.number(),
  employmentStart: z.string(),
  employmentEnd: z.string().nullable(),
  active: z.boolean(),
});

/** A position without salary bands. */
export const positionCardOut = z.object({
  id: z.string(),
  title: z.string(),
  department: z.string().nullable(),
  location: z.string().nullable(),
  canton: z.string().nullable(),
  workloadMin: z.number().nullable(),
  workloadMax: z.number().nullable(),
  status: z.string(),
});

/** An application without AI scores, notes or contact details. */
export const applicationCardOut = z.object({
  id: z.string(),
  positionId: z.string(),
  positionTitle: z.string(),
  candidateName: z.string(),
  stage: z.string(),
  stageKey: z.string(),
  status: z.string(),
  appliedAt: z.string(),
});

/** A stage as shown in previews. */
export const stageOut = z.object({ key: z.string(), name: z.string() });

/** One automatic task a stage fires. */
export const plannedTaskOut = z.object({
  kind: z.enum(["EMAIL_CANDIDATE", "CREATE_TASK", "NOTIFY_HIRING_MANAGER", "MARK_HIRED"]),
  title: z.string(),
  emailsCandidate: z.boolean(),
  marksHired: z.boolean(),
});
