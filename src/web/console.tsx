/**
 * The HR console: server-rendered pages for HR staff and administrators, signed in with the same sessions
 * as everyone (the sign-in page sends them back here). Plain HTML forms, no JavaScript, an anti-CSRF token
 * derived from the session, no framing, in the person's language. Everything it reads and changes goes
 * through the services the commands use. What the pages share is console_kit.tsx; each page has its file.
 */
import type { Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import { contextStorage } from "hono/context-storage";
import type { AppDeps } from "../deps.ts";
import { SESSION_COOKIE } from "../signin/sessions.ts";
import { endConsoleSession } from "../services/hr_console.ts";
import { consolePost } from "./console_kit.tsx";
import { mountConsolePeople, peoplePage } from "./console_people.tsx";
import { mountConsoleCalendar } from "./console_calendar.tsx";
import { mountConsolePay } from "./console_pay.tsx";
import { mountConsoleLeavePolicy } from "./console_leave_policy.tsx";

/**
 * Mounts the console under /hr: the request context every page's navigation reads its sign-out form from,
 * the entry, the sign-out, and the people, calendar, pay and leave pages. It is mounted before the other
 * console pages (app.ts), so `/hr/people/invite` and `/hr/people/import` come before `/hr/people/:pn`.
 */
// deno-lint-ignore no-explicit-any
export function mountConsole(app: Hono<any>, deps: AppDeps): void {
  // Every console page's navigation reads its sign-out form from the request (registered before any route).
  app.use("/hr/*", contextStorage());
  app.get("/hr", (c) => c.redirect("/hr/people", 303));

  app.post(
    "/hr/signout",
    consolePost(deps, "/hr/people", peoplePage, async (c, { p }) => {
      await endConsoleSession(deps, p.user);
      deleteCookie(c, SESSION_COOKIE, { path: "/" });
      return c.redirect("/oauth/signin?next=/hr", 303);
    }),
  );

  mountConsolePeople(app, deps);
  mountConsoleCalendar(app, deps);
  mountConsolePay(app, deps);
  mountConsoleLeavePolicy(app, deps);
}
