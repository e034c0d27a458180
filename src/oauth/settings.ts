/**
 * Run-time settings of the authorization server. They live with the other installation settings in
 * `src/settings.ts` (the `settings` table; the environment gives the default), so an admin changes them
 * without a restart and every reader sees the same value.
 */
import type { AppDeps } from "../deps.ts";
import { getSetting, setSetting } from "../settings.ts";

/**
 * Whether `POST /api/oauth/register` accepts registrations right now: the stored setting when there is one,
 * otherwise `DYNAMIC_CLIENT_REGISTRATION` from the environment. Read on every registration and metadata
 * request (one primary-key lookup), so a change applies at once.
 */
export async function getDynamicRegistrationEnabled(deps: AppDeps): Promise<boolean> {
  const v = await getSetting(deps, "dynamicClientRegistration");
  return typeof v === "boolean" ? v : deps.config.dynamicClientRegistration;
}

/** Turns dynamic registration on or off for the installation (stored; survives restarts). */
export async function setDynamicRegistrationEnabled(deps: AppDeps, enabled: boolean): Promise<void> {
  await setSetting(deps, "dynamicClientRegistration", enabled);
}
