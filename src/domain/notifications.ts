/**
 * Every kind of in-app notification the service writes, the one list: `notify` accepts no other, the portal's
 * OpenAPI document names them as the `kind` enum and the push description lists them, so an app generated from
 * the document knows every kind it can receive.
 */
export const NOTIFICATION_KINDS = [
  "LEAVE_REQUEST_FILED",
  "LEAVE_REQUEST_DECIDED",
  "LEAVE_REQUEST_WITHDRAWN",
  "LEAVE_CANCELLATION_REQUESTED",
  "LEAVE_REQUEST_RECALCULATED",
  "TIMESHEET_SUBMITTED",
  "TIMESHEET_DECIDED",
  "SICK_REPORTED",
  "SICK_ENDED",
  "SICK_REPORT_WITHDRAWN",
  "SICK_CERTIFICATE_ACCEPTED",
  "PROFILE_CHANGE_REQUESTED",
  "PROFILE_CHANGE_DECIDED",
  "application.stage_changed",
] as const;

export type NotificationKind = typeof NOTIFICATION_KINDS[number];
