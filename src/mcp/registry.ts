/**
 * Every connector tool, in catalog order. Derived from this list: `tools/list`, `catalog.json`, what
 * `whoami` reports as callable, and the guard's scope and permission checks. One file per tool under
 * `tools/`, the file named after the tool.
 */
import type { ToolDef } from "./tool.ts";
import { whoami } from "./tools/whoami.ts";
import { get_my_summary } from "./tools/get_my_summary.ts";
import { get_my_leave_balances } from "./tools/get_my_leave_balances.ts";
import { list_my_leave_requests } from "./tools/list_my_leave_requests.ts";
import { list_my_time_entries } from "./tools/list_my_time_entries.ts";
import { get_my_sick_leave } from "./tools/get_my_sick_leave.ts";
import { list_my_payslips } from "./tools/list_my_payslips.ts";
import { get_public_holidays } from "./tools/get_public_holidays.ts";
import { get_closure_periods } from "./tools/get_closure_periods.ts";
import { prepare_leave_request } from "./tools/prepare_leave_request.ts";
import { commit_leave_request } from "./tools/commit_leave_request.ts";
import { withdraw_leave_request } from "./tools/withdraw_leave_request.ts";
import { prepare_time_entry } from "./tools/prepare_time_entry.ts";
import { commit_time_entry } from "./tools/commit_time_entry.ts";
import { prepare_sick_report } from "./tools/prepare_sick_report.ts";
import { commit_sick_report } from "./tools/commit_sick_report.ts";
import { cancel_sick_report } from "./tools/cancel_sick_report.ts";
import { list_documents } from "./tools/list_documents.ts";
import { get_document } from "./tools/get_document.ts";
import { search_people } from "./tools/search_people.ts";
import { list_employees } from "./tools/list_employees.ts";
import { get_employee } from "./tools/get_employee.ts";
import { list_positions } from "./tools/list_positions.ts";
import { get_position } from "./tools/get_position.ts";
import { get_hr_overview } from "./tools/get_hr_overview.ts";
import { list_pending_approvals } from "./tools/list_pending_approvals.ts";
import { list_applications } from "./tools/list_applications.ts";
import { get_application } from "./tools/get_application.ts";
import { prepare_leave_decision } from "./tools/prepare_leave_decision.ts";
import { commit_leave_decision } from "./tools/commit_leave_decision.ts";
import { prepare_onboarding_task } from "./tools/prepare_onboarding_task.ts";
import { commit_onboarding_task } from "./tools/commit_onboarding_task.ts";
import { prepare_application_note } from "./tools/prepare_application_note.ts";
import { commit_application_note } from "./tools/commit_application_note.ts";
import { prepare_stage_move } from "./tools/prepare_stage_move.ts";
import { commit_stage_move } from "./tools/commit_stage_move.ts";

/** The 19 self-service and document tools (scopes self:read and self:write). */
export const SELF_SERVICE_TOOLS: readonly ToolDef[] = [
  whoami,
  get_my_summary,
  get_my_leave_balances,
  list_my_leave_requests,
  list_my_time_entries,
  get_my_sick_leave,
  list_my_payslips,
  get_public_holidays,
  get_closure_periods,
  prepare_leave_request,
  commit_leave_request,
  withdraw_leave_request,
  prepare_time_entry,
  commit_time_entry,
  prepare_sick_report,
  commit_sick_report,
  cancel_sick_report,
  list_documents,
  get_document,
];

/**
 * The 17 HR tools (scopes hr:read:people, hr:read:recruiting, hr:write), one file each under `tools/`,
 * added here in the contract's catalog order. Each description ends with the no-ranking sentence.
 */
export const HR_TOOLS: readonly ToolDef[] = [
  search_people,
  list_employees,
  get_employee,
  list_positions,
  get_position,
  get_hr_overview,
  list_pending_approvals,
  list_applications,
  get_application,
  prepare_leave_decision,
  commit_leave_decision,
  prepare_onboarding_task,
  commit_onboarding_task,
  prepare_application_note,
  commit_application_note,
  prepare_stage_move,
  commit_stage_move,
];

/** All tools, in the order `tools/list` and the catalog show them. */
export const TOOLS: readonly ToolDef[] = [...SELF_SERVICE_TOOLS, ...HR_TOOLS];
