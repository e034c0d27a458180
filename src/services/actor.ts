import type { Lang } from "../i18n/mod.ts";
import type { AuthUser } from "../signin/sessions.ts";

/**
 * Who is acting, and through which door. Portal handlers and connector tools build one and pass it to the
 * same service functions, so a leave request filed from the phone and one filed by an assistant go through
 * one code path. Role and active state were read from the database for this request.
 */
export interface Actor {
  userId: string;
  role: string;
  language: Lang;
  /** The person's employee record, or null for an account with none. */
  employeeId: string | null;
  channel: "PORTAL" | "ASSISTANT";
  /** Set when acting through an assistant connection. */
  connectionId?: string;
  clientId?: string;
}

/** The actor of a portal request. */
export function portalActor(user: AuthUser): Actor {
  return {
    userId: user.userId,
    role: user.role,
    language: user.language,
    employeeId: user.employeeId,
    channel: "PORTAL",
  };
}
