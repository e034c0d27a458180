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
 * The instructions for the model stay English; for a person reading German, French or Italian a sentence in
 * their language follows, which the assistant can show as it is.
 */
import type { AppDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import type { Lang } from "../i18n/mod.ts";
import { type Scope, SCOPE_DESCRIPTIONS } from "../oauth/scopes.ts";

const ROLE_TEXT: Record<Exclude<Lang, "en">, (tool: string) => string> = {
  de: (tool) =>
    `In der Sprache der Person: «Diese Funktion (${tool}) steht Ihrer Rolle nicht zur Verfügung; keine ` +
    `Verbindung eines Assistenten kann sie freischalten.»`,
  fr: (tool) =>
    `Dans la langue de la personne : « Cette fonction (${tool}) n'est pas disponible pour votre rôle ; aucune ` +
    `connexion d'assistant ne peut l'activer. »`,
  it: (tool) =>
    `Nella lingua della persona: «Questa funzione (${tool}) non è disponibile per il suo ruolo; nessuna ` +
    `connessione di un assistente può attivarla.»`,
};

const SCOPE_TEXT: Record<Exclude<Lang, "en">, (client: string, what: string, page: string) => string> = {
  de: (client, what, page) =>
    `In der Sprache der Person: «Dafür braucht ${client} den Zugriff „${what}“, den Sie beim Verbinden nicht ` +
    `erlaubt haben. Trennen Sie ${client} unter ${page} und verbinden Sie es neu; erlauben Sie dabei diesen ` +
    `Zugriff.»`,
  fr: (client, what, page) =>
    `Dans la langue de la personne : « Pour cela, ${client} a besoin de l'accès « ${what} », que vous n'avez ` +
    `pas autorisé lors de la connexion. Déconnectez ${client} sur ${page}, puis reconnectez-le en autorisant ` +
    `cet accès. »`,
  it: (client, what, page) =>
    `Nella lingua della persona: «Per questo ${client} ha bisogno dell'accesso «${what}», che non ha ` +
    `autorizzato al momento della connessione. Disconnetta ${client} su ${page} e lo ricolleghi autorizzando ` +
    `questo accesso.»`,
};

export function roleRefusal(
  def: { name: string; permission: string },
  role: string,
  lang: Lang = "en",
): AppError {
  return new AppError(
    "forbidden",
    `${def.name} is not available to this person: it needs the permission '${def.permission}', which the role ` +
      `'${role}' does not include, and no assistant connection can grant it. Do not retry; call whoami for the ` +
      `tools this person can use.` + (lang === "en" ? "" : ` ${ROLE_TEXT[lang](def.name)}`),
  );
}

export function scopeRefusal(
  deps: Pick<AppDeps, "config">,
  def: { name: string; scope: string },
  clientName: string,
  lang: Lang = "en",
): AppError {
  const what = SCOPE_DESCRIPTIONS[def.scope as Scope]?.en ?? def.scope;
  const page = `${deps.config.issuer}/account/assistants`;
  return new AppError(
    "forbidden",
    `${def.name} needs the access '${def.scope}' (${what}), which the person did not allow when connecting ` +
      `${clientName}. To allow it, the person opens ${page}, disconnects ` +
      `${clientName}, then connects it again and allows that access when asked. Until then, call whoami for ` +
      `the tools available now.` +
      (lang === "en"
        ? ""
        : ` ${
          SCOPE_TEXT[lang](clientName, SCOPE_DESCRIPTIONS[def.scope as Scope]?.[lang] ?? def.scope, page)
        }`),
  );
}
