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
 *
 * Both come from the catalogue (src/i18n/messages/self.ts): the connector says them in the person's language,
 * so the assistant can show them as they are, and the instructions in them read the same to it.
 */
import type { AppDeps } from "../deps.ts";
import { type AppError, refusal } from "../errors.ts";
import type { MessageId, ParamValue } from "../i18n/messages/mod.ts";
import type { Scope } from "../oauth/scopes.ts";

/** Each access in the consent page's plain words, as the catalogue holds them. */
const SCOPE_TEXT: Record<Scope, MessageId> = {
  "self:read": "oauth.scopeSelfRead",
  "self:write": "oauth.scopeSelfWrite",
  "hr:read:people": "oauth.scopeHrReadPeople",
  "hr:read:recruiting": "oauth.scopeHrReadRecruiting",
  "hr:write": "oauth.scopeHrWrite",
};

/** The person's role lacks the tool's permission: no assistant connection can grant it. */
export function roleRefusal(def: { name: string; permission: string }, role: string): AppError {
  return refusal("forbidden", "connector.roleLacksTool", {
    tool: def.name,
    permission: def.permission,
    role,
  });
}

/**
 * This connection was not granted the tool's scope. `def.name` is the tool's name, or a catalogue text naming
 * what was asked for (reading a document resource).
 */
export function scopeRefusal(
  deps: Pick<AppDeps, "config">,
  def: { name: string | { id: MessageId }; scope: string },
  connection: { clientName: string; granted: readonly string[] },
): AppError {
  const described = SCOPE_TEXT[def.scope as Scope];
  const what: ParamValue = described ? { id: described } : def.scope;
  const clientName = connection.clientName;
  // The person allowed it, the client asked for a token without it (a narrower refresh): the way is a new
  // token, not a reconnection, and the person is not to be told they refused something they allowed.
  if (connection.granted.includes(def.scope)) {
    return refusal("forbidden", "connector.scopeNarrowed", {
      tool: def.name,
      scope: def.scope,
      what,
      client: clientName,
    });
  }
  return refusal("forbidden", "connector.scopeNotGranted", {
    tool: def.name,
    scope: def.scope,
    what,
    client: clientName,
    page: `${deps.config.issuer}/account/assistants`,
  });
}
