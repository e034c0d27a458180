/**
 * Run-time settings of the authorization server, kept in the `settings` table so an admin can change them
 * without a restart (the admin command of a later issue calls these). The environment gives the default.
 */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { settings } from "../db/schema/mod.ts";

/** The settings key of the dynamic-registration switch. */
export const DYNAMIC_REGISTRATION_KEY = "oauth.dynamic_client_registration";

/**
 * Whether `POST /api/oauth/register` accepts registrations right now: the stored setting when there is one,
 * otherwise `DYNAMIC_CLIENT_REGISTRATION` from the environment. Read on every registration and metadata
 * request (one primary-key lookup), so a change applies at once.
 */
export async function getDynamicRegistrationEnabled(deps: AppDeps): Promise<boolean> {
  const row = await deps.db.query.settings.findFirst({ where: eq(settings.key, DYNAMIC_REGISTRATION_KEY) });
  if (!row) return deps.config.dynamicClientRegistration;
  try {
    const v = JSON.parse(row.value);
    return typeof v === "boolean" ? v : deps.config.dynamicClientRegistration;
  } catch {
    return deps.config.dynamicClientRegistration;
  }
}

/** Turns dynamic registration on or off for the installation (stored; survives restarts). */
export async function setDynamicRegistrationEnabled(deps: AppDeps, enabled: boolean): Promise<void> {
  const now = deps.clock.now();
  await deps.db.insert(settings).values({
    key: DYNAMIC_REGISTRATION_KEY,
    value: JSON.stringify(enabled),
    updatedAt: now,
  })
    .onConflictDoUpdate({ target: settings.key, set: { value: JSON.stringify(enabled), updatedAt: now } });
}
