/**
 * Every page of the HR console, the assistants page and the careers pages on a phone: headless Chromium
 * without JavaScript at 390 × 844 CSS pixels, signed in as HR on the demo. No page is wider than the screen
 * (`document.documentElement.scrollWidth <= 390`); a table that is wider scrolls inside its own box. The
 * console's routes are the table the first administrator's test walks, each given a demo address here.
 */
import assert from "node:assert/strict";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { declaredRoutes, ROUTES } from "./_console_routes.ts";
import { launchChromium } from "../_chromium.ts";
import { serveLoopback } from "../_serve.ts";

/** Downloads (a PDF or another file), not pages: nothing to lay out. */
const DOWNLOADS = new Set([
  "/hr/recruiting/applications/:id/files/:kind",
  "/hr/inbox/certificates/:id",
  "/hr/inbox/documents/:id",
]);

async function column(t: TestApp, sql: string): Promise<string[]> {
  return (await t.deps.database.client.execute(sql)).rows.map((r) => String(r[0]));
}

/** The demo addresses of a console route: every one of its pages where the demo has a few, else one. */
async function demoAddresses(t: TestApp, route: string): Promise<string[]> {
  const one = async (sql: string) => {
    const [v] = await column(t, sql);
    assert.ok(v, `the demo has something for ${route}`);
    return v;
  };
  switch (route) {
    case "/hr/people/:pn":
      return [
        "/hr/people/GW-013",
        `/hr/people/${await one(
          "SELECT e.personnel_number FROM employees e JOIN users u ON u.employee_id = e.id " +
            "WHERE u.email = 'manager@demo.example'",
        )}`,
      ];
    case "/hr/people/:pn/onboarding":
      return [
        `/hr/people/${await one(
          "SELECT e.personnel_number FROM onboarding_plans p JOIN employees e ON e.id = p.employee_id LIMIT 1",
        )}/onboarding`,
      ];
    case "/hr/leave/types/:code":
      return (await column(t, "SELECT code FROM leave_types ORDER BY code")).map((c) =>
        `/hr/leave/types/${c}`
      );
    case "/hr/calendar/closures/:id":
      return [`/hr/calendar/closures/${await one("SELECT id FROM closure_periods LIMIT 1")}`];
    case "/hr/documents/:slug":
      return [`/hr/documents/${await one("SELECT slug FROM documents LIMIT 1")}`];
    case "/hr/recruiting/positions/:id":
      return (await column(t, "SELECT id FROM positions")).map((id) => `/hr/recruiting/positions/${id}`);
    case "/hr/recruiting/applications/:id": {
      // The application with the most on its page: tasks, notes and history.
      const id = await one(
        "SELECT a.id FROM applications a LEFT JOIN application_tasks k ON k.application_id = a.id " +
          "GROUP BY a.id ORDER BY count(k.id) DESC LIMIT 1",
      );
      return [`/hr/recruiting/applications/${id}`];
    }
    case "/hr/recruiting/applications/:id/delete":
      return [`/hr/recruiting/applications/${await one("SELECT id FROM applications LIMIT 1")}/delete`];
    case "/hr/recruiting/stages/:key":
      return (await column(t, "SELECT key FROM stages ORDER BY sort_order")).map((k) =>
        `/hr/recruiting/stages/${k}`
      );
    default:
      assert.ok(!route.includes(":"), `${route} needs a demo address`);
      return [route];
  }
}

Deno.test({
  name: "console on a phone: every console page, the assistants page and the careers pages fit 390 px",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    // The assistants page is served with the connector.
    const app = await makeTestApp({ env: { FEATURE_MCP_CONNECTOR: "true" } });
    const server = serveLoopback((req, info) => app.app.fetch(req, info));
    const origin = server.origin;
    const browser = await launchChromium();
    try {
      const declared = await declaredRoutes();
      const addresses: string[] = [];
      for (const [route] of ROUTES) {
        if (!declared.has(route) || DOWNLOADS.has(route)) continue;
        addresses.push(...await demoAddresses(app, route));
      }
      addresses.push("/account/assistants", "/careers", "/careers?lang=it");
      for (const id of await column(app, "SELECT id FROM positions WHERE status = 'OPEN'")) {
        addresses.push(`/careers/${id}`);
      }

      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
      });
      await context.addCookies([{
        name: "hr_session",
        value: await app.signIn("hr@demo.example"),
        url: origin,
      }]);
      const page = await context.newPage();
      const wide: string[] = [];
      for (const address of addresses) {
        const r = await page.goto(`${origin}${address}`);
        assert.equal(r?.status(), 200, address);
        // As text: the test is not type-checked against the DOM.
        const w = await page.evaluate(`({
          page: document.documentElement.scrollWidth,
          widest: [...document.querySelectorAll("body *")]
            .filter((e) => e.getBoundingClientRect().right > 390 && !e.closest(".scroll, table"))
            .slice(0, 3).map((e) => e.tagName.toLowerCase() + (e.className ? "." + e.className : "") +
              " " + Math.round(e.getBoundingClientRect().right)),
        })`) as { page: number; widest: string[] };
        if (w.page > 390) wide.push(`${address}: ${w.page} px (${w.widest.join(", ")})`);
      }
      await t.step(`${addresses.length} pages, none wider than 390 px`, () => {
        assert.deepEqual(wide, []);
      });
    } finally {
      await browser.close();
      await server.stop();
      app.close();
    }
  },
});
