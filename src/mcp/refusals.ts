/**
 * The two refusals of a tool the person cannot use, worded so the model can act on them:
 *
 * - The person's ROLE lacks the tool's permission: no connection can change that, so the answer says so and
 *   points to whoami (and the model should stop trying).
 * - The role could use it but THIS connection was not granted its scope: a later consent never widens a live
 *   grant (contract, Authentication 7), so the way is to disconnect the assistant and connect it again,
 *   allowing that access; the answer names the scope in plain words and the page to do it on.
 *
 * Both are tool results with `isError: true`, not an HTTP 403 `insufficient_scope` challenge: a client's
 * automatic step-up would re-run a consent that cannot widen the grant and end in "403 after trying upscoping".
 */
import type { AppDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { type Scope, SCOPE_DESCRIPTIONS } from "../oauth/scopes.ts";

export function roleRefusal(def: { name: string; permission: string }, role: string): AppError {
  return new AppError(
    "forbidden",
    `${def.name} is not available to this person: it needs the permission '${def.permission}', which the role ` +
      `'${role}' does not include, and no assistant connection can grant it. Do not retry; call whoami for the ` +
      `tools this person can use.`,
  );
}

export function scopeRefusal(
  deps: Pick<AppDeps, "config">,
  def: { name: string; scope: string },
  clientName: string,
): AppError {
  const what = SCOPE_DESCRIPTIONS[def.scope as Scope]?.en ?? def.scope;
  return new AppError(
    "forbidden",
    `${def.name} needs the access '${def.scope}' (${what}), which the person did not allow when connecting ` +
      `${clientName}. To allow it, the person opens ${deps.config.issuer}/account/assistants, disconnects ` +
      `${clientName}, then connects it again and allows that access when asked. Until then, call whoami for ` +
      `the tools available now.`,
  );
}
