/**
 * Roles, permissions and who sees whom: the one place that decides access for the portal and the connector.
 * Permission names are the contract's (tool catalog, "Permission" column).
 */
export const ROLES = ["employee", "recruiter", "manager", "hr", "admin"] as const;
export type Role = typeof ROLES[number];

export const PERMISSIONS = [
  "mcp:connect",
  "leave:request",
  "workhours:submit",
  "sickleave:report",
  "employees:view",
  "positions:view",
  "staff-absence:approve",
  "applications:view",
  "applications:move-stage",
  "employees:onboarding",
  "ai-chat:use",
] as const;
export type Permission = typeof PERMISSIONS[number];

const SELF: Permission[] = ["mcp:connect", "leave:request", "workhours:submit", "sickleave:report"];

const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  employee: new Set(SELF),
  // A recruiter works the applications of the positions they hire for.
  recruiter: new Set([...SELF, "positions:view", "applications:view", "applications:move-stage"]),
  // A manager sees and decides for their reports (direct and indirect) and the positions they hire for.
  manager: new Set([
    ...SELF,
    "employees:view",
    "positions:view",
    "staff-absence:approve",
    "applications:view",
    "employees:onboarding",
  ]),
  hr: new Set([
    ...SELF,
    "employees:view",
    "positions:view",
    "staff-absence:approve",
    "applications:view",
    "applications:move-stage",
    "employees:onboarding",
    "ai-chat:use",
  ]),
  admin: new Set(PERMISSIONS),
};

/** Whether a role holds a permission. Unknown roles hold nothing. */
export function hasPermission(role: string, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role as Role]?.has(permission) ?? false;
}

/** All permissions of a role, for `whoami` and the session endpoint. */
export function permissionsOf(role: string): Permission[] {
  return [...(ROLE_PERMISSIONS[role as Role] ?? [])];
}

/** The contract's audience levels: "all employees", "managers and above", "HR staff and above". */
export type Audience = "ALL" | "MANAGERS" | "HR";

const LEVEL: Record<Role, number> = { employee: 0, recruiter: 0, manager: 1, hr: 2, admin: 3 };

/** Rank used for "X and above" rules; recruiters rank with employees (they are not managers). */
export function roleLevel(role: string): number {
  return LEVEL[role as Role] ?? -1;
}

/** Whether a role may read a document (or use a prompt) meant for an audience. */
export function audienceAllows(role: string, audience: Audience): boolean {
  const need = audience === "ALL" ? 0 : audience === "MANAGERS" ? 1 : 2;
  return roleLevel(role) >= need;
}

/** Whether the role is HR staff or above (sees every employee). */
export function isHrOrAbove(role: string): boolean {
  return roleLevel(role) >= 2;
}
