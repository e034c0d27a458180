/** @jsxImportSource hono/jsx */
/**
 * Web pages outside the authorization flow: "Connected assistants", where a person sees and disconnects
 * the assistants acting in their name (an admin sees everyone's). Served only when the connector is on.
 */
import type { Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { eq } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { oauthClients, oauthConnections } from "../db/schema/mod.ts";
import { safeEqual, sha256Hex } from "../crypto.ts";
import { fill, isLang, type Lang } from "../i18n/mod.ts";
import { WEB_MESSAGES } from "../i18n/web.ts";
import { SESSION_COOKIE } from "../signin/sessions.ts";
import {
  listConnectedAssistants,
  revokeConnectedAssistant,
  seesAllConnections,
} from "../oauth/assistants.ts";
import { pageUser } from "../signin/stepup.ts";
import { setPageHeaders } from "./layout.tsx";
import { AssistantsPage } from "./pages.tsx";
import { ActivitySection } from "./activity.tsx";
import { activityPeriod, assistantActivity, ownConnectionCounts } from "../services/assistant_activity.ts";
import { AppError } from "../errors.ts";
import type { AuthUser } from "../signin/sessions.ts";

/**
 * The person's activity log for the page; a bad filter (an invalid or too long period) falls back to the last
 * 30 days rather than failing the whole page.
 */
async function activitySection(deps: AppDeps, c: Context, user: AuthUser, lang: Lang) {
  const q = { from: c.req.query("from") || undefined, to: c.req.query("to") || undefined };
  const assistant = c.req.query("assistant") || undefined;
  const offset = Math.max(0, Number(c.req.query("offset")) || 0);
  let period: { from?: string; to?: string } = q;
  try {
    activityPeriod(deps.clock.now(), q);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    period = {};
  }
  const page = await assistantActivity(deps, user, { ...period, clientId: assistant, offset });
  const counts = await ownConnectionCounts(deps, user.userId, period);
  const names = new Map<string, string>();
  for (const i of page.items) if (i.clientId) names.set(i.clientId, i.assistant);
  for (const k of counts) names.set(k.clientId, k.assistant);
  return (
    <ActivitySection
      lang={lang}
      items={page.items}
      counts={counts}
      assistants={[...names].map(([clientId, name]) => ({ clientId, name }))}
      from={page.from}
      to={page.to}
      assistant={assistant}
      nextOffset={page.nextOffset}
    />
  );
}

/**
 * The page's anti-CSRF token, derived from the session cookie (which another site can neither read nor
 * send on a cross-site POST, the cookie being SameSite=Lax): nothing to store.
 */
async function pageCsrf(c: Context): Promise<string> {
  return await sha256Hex(`assistants-csrf:${getCookie(c, SESSION_COOKIE) ?? ""}`);
}

async function readForm(c: Context): Promise<URLSearchParams> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) return new URLSearchParams();
  return new URLSearchParams(await c.req.text());
}

/** Mounts the web pages that are not part of the authorization flow. */
// deno-lint-ignore no-explicit-any
export function mountWebPages(app: Hono<any>, deps: AppDeps): void {
  if (!deps.config.mcpEnabled) return;

  app.get("/account/assistants", async (c) => {
    const user = await pageUser(deps, c);
    if (!user) return c.redirect("/oauth/signin?next=/account/assistants", 303);
    const lang: Lang = isLang(user.language) ? user.language : "de";
    const m = WEB_MESSAGES[lang];
    const all = seesAllConnections(user.role);
    const rows = await listConnectedAssistants(deps, all ? { all: true } : { userId: user.userId });
    let flash: string | undefined;
    let error: string | undefined;
    const done = c.req.query("revoked");
    if (done && /^[0-9a-f-]{36}$/.test(done)) {
      const r = await deps.db.select({ userId: oauthConnections.userId, name: oauthClients.name })
        .from(oauthConnections).innerJoin(oauthClients, eq(oauthClients.id, oauthConnections.clientId))
        .where(eq(oauthConnections.id, done)).limit(1);
      if (r[0] && (r[0].userId === user.userId || all)) {
        flash = fill(m.assistantsRevoked, { client: r[0].name });
      }
    }
    if (c.req.query("error") === "not_found") error = m.assistantsNotFound;
    const activity = await activitySection(deps, c, user, lang);
    setPageHeaders(c);
    return c.html(
      <AssistantsPage
        lang={lang}
        m={m}
        rows={rows}
        showPerson={all}
        csrf={await pageCsrf(c)}
        flash={flash}
        error={error}
        extra={activity}
      />,
    );
  });

  app.post("/account/assistants/revoke", async (c) => {
    const user = await pageUser(deps, c);
    if (!user) return c.redirect("/oauth/signin?next=/account/assistants", 303);
    const form = await readForm(c);
    if (!safeEqual(form.get("csrf") ?? "", await pageCsrf(c))) {
      const lang: Lang = isLang(user.language) ? user.language : "de";
      setPageHeaders(c);
      return c.text(WEB_MESSAGES[lang].errorSessionForm, 403);
    }
    const id = form.get("connection") ?? "";
    const done = await revokeConnectedAssistant(deps, user, id);
    return c.redirect(
      done ? `/account/assistants?revoked=${id}` : "/account/assistants?error=not_found",
      303,
    );
  });
}
