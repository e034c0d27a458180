/**
 * Every GET route of the console (`app.get("/hr…")` in src/web/*.tsx), the address visited on the new
 * installation of `_installation.ts`, and what it answers there: the page (200), a page saying the name or id
 * is unknown (404), or a redirect to another console page. Shared by the tests that walk every console page.
 */

export const NO_ID = "00000000-0000-4000-8000-000000000000";

export const ROUTES: [string, string, 200 | 404 | "/hr/people"][] = [
  ["/hr", "/hr", "/hr/people"],
  ["/hr/people", "/hr/people", 200],
  ["/hr/people/:pn", "/hr/people/T1", 200],
  ["/hr/people/:pn/onboarding", "/hr/people/T2/onboarding", 200],
  ["/hr/organisation", "/hr/organisation", 200],
  ["/hr/leave", "/hr/leave", 200],
  ["/hr/leave/overview", "/hr/leave/overview", 200],
  ["/hr/leave/types", "/hr/leave/types", 200],
  ["/hr/leave/types/:code", "/hr/leave/types/VACATION", 200],
  ["/hr/calendar", "/hr/calendar", 200],
  ["/hr/calendar/closures/:id", `/hr/calendar/closures/${NO_ID}`, 404],
  ["/hr/pay", "/hr/pay", 200],
  ["/hr/documents", "/hr/documents", 200],
  ["/hr/documents/:slug", "/hr/documents/nope", 404],
  ["/hr/recruiting", "/hr/recruiting", 200],
  ["/hr/recruiting/positions/:id", `/hr/recruiting/positions/${NO_ID}`, 404],
  ["/hr/recruiting/applications/:id", `/hr/recruiting/applications/${NO_ID}`, 404],
  ["/hr/recruiting/applications/:id/delete", `/hr/recruiting/applications/${NO_ID}/delete`, 404],
  ["/hr/recruiting/applications/:id/files/:kind", `/hr/recruiting/applications/${NO_ID}/files/cv`, 404],
  ["/hr/recruiting/stages", "/hr/recruiting/stages", 200],
  ["/hr/recruiting/stages/:key", "/hr/recruiting/stages/nope", 404],
  ["/hr/inbox", "/hr/inbox", 200],
  ["/hr/inbox/certificates/:id", `/hr/inbox/certificates/${NO_ID}`, 404],
  ["/hr/inbox/documents/:id", `/hr/inbox/documents/${NO_ID}`, 404],
];

/** The console's GET routes as the source declares them. */
export async function declaredRoutes(): Promise<Set<string>> {
  const out = new Set<string>();
  const dir = new URL("../../src/web/", import.meta.url);
  for await (const f of Deno.readDir(dir)) {
    if (!f.name.endsWith(".tsx")) continue;
    const text = await Deno.readTextFile(new URL(f.name, dir));
    for (const m of text.matchAll(/app\.get\(\s*"(\/hr(?:\/[^"]*)?)"/g)) out.add(m[1]);
  }
  return out;
}
