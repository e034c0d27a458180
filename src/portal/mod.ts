import type { RouteDef } from "./route.ts";
import { authRoutes } from "./auth.ts";
import { profileRoutes } from "./profile.ts";
import { leaveRoutes } from "./leave.ts";
import { timeRoutes } from "./time.ts";
import { timerRoutes } from "./timer.ts";
import { teamRoutes } from "./team.ts";
import { sickLeaveRoutes } from "./sick_leave.ts";
import { payslipRoutes } from "./payslips.ts";
import { compensationRoutes } from "./compensation.ts";
import { holidayRoutes } from "./holidays.ts";
import { approvalRoutes } from "./approvals.ts";
import { assistantRoutes } from "./assistants.ts";
import { myDataRoutes } from "./my_data.ts";
import { todoRoutes } from "./todos.ts";
import { pushRoutes } from "./push.ts";
import { onboardingRoutes } from "./onboarding.ts";
import { myDocumentRoutes } from "./my_documents.ts";

/** Every portal operation, in the order the OpenAPI document lists them. */
export const portalRoutes: RouteDef[] = [
  ...profileRoutes,
  ...todoRoutes,
  ...myDocumentRoutes,
  ...pushRoutes,
  ...leaveRoutes,
  ...teamRoutes,
  ...timeRoutes,
  ...timerRoutes,
  ...sickLeaveRoutes,
  ...payslipRoutes,
  ...compensationRoutes,
  ...authRoutes,
  ...holidayRoutes,
  ...approvalRoutes,
  ...onboardingRoutes,
  ...assistantRoutes,
  ...myDataRoutes,
];
