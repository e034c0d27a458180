/**
 * The portal API's reference page for people, `/api/v1/docs`: Redoc (Redocly's renderer, npm `redoc`) reads
 * the OpenAPI document the service serves. Its standalone bundle is part of the service's module graph (a
 * text import), so the single executable serves it and the page works offline: no CDN, no font or script
 * from elsewhere. The import is made by the bundle's first request: the text (0.9 MB) is not held by a
 * service whose reference page nobody opens. The short introduction around it is in the reader's language
 * (`?lang=`, else Accept-Language); Redoc's own labels are English.
 */
import type { Context, Hono } from "hono";
import { isLang, type Lang, negotiateLang } from "../i18n/mod.ts";

const INTRO: Record<Lang, { title: string; text: string; json: string }> = {
  de: {
    title: "Portal-API: Referenz",
    text: "Alle Endpunkte der App-Schnittstelle mit ihren Feldern und Antworten.",
    json: "Das OpenAPI-Dokument als JSON",
  },
  fr: {
    title: "API du portail : référence",
    text: "Tous les points d'accès de l'interface de l'application, avec leurs champs et leurs réponses.",
    json: "Le document OpenAPI en JSON",
  },
  it: {
    title: "API del portale: riferimento",
    text: "Tutti gli endpoint dell'interfaccia dell'app, con i loro campi e le loro risposte.",
    json: "Il documento OpenAPI in JSON",
  },
  en: {
    title: "Portal API reference",
    text: "Every endpoint of the app's interface, with its fields and answers.",
    json: "The OpenAPI document as JSON",
  },
};

let bundle: Promise<string> | undefined;

/** Redoc's standalone bundle, imported once; a failed import is tried again by the next request. */
function redocBundle(): Promise<string> {
  return bundle ??= import("redoc/bundles/redoc.standalone.js", { with: { type: "text" } }).then(
    (m) => m.default as string,
    (e) => {
      bundle = undefined;
      throw e;
    },
  );
}

/** Starts Redoc on the page's container with the service's own document. */
const INIT =
  `Redoc.init("/api/v1/openapi.json", { hideDownloadButton: false, expandResponses: "200,201" }, ` +
  `document.getElementById("redoc"));\n`;

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

function page(lang: Lang): string {
  const t = INTRO[lang];
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(t.title)}</title>` +
    `<link rel="icon" href="/icon.svg" type="image/svg+xml"></head><body>` +
    `<header style="padding:1rem 1.5rem;font-family:system-ui,sans-serif"><h1 style="margin:0 0 .25rem;font-size:1.4rem">` +
    `${esc(t.title)}</h1><p style="margin:0">${esc(t.text)} <a href="/api/v1/openapi.json">${
      esc(t.json)
    }</a></p>` +
    `</header><div id="redoc"></div>` +
    `<script src="/api/v1/docs/redoc.standalone.js"></script><script src="/api/v1/docs/init.js"></script>` +
    `</body></html>`;
}

/**
 * The page's Content-Security-Policy: scripts only from the service; Redoc's styled components write
 * `<style>` elements and style attributes (`'unsafe-inline'` for styles only), its search runs in a worker
 * made from a blob, its icons are data URIs, and it fetches the document from the service.
 */
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src blob:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

/** Mounts the reference page and its two scripts. */
// deno-lint-ignore no-explicit-any
export function mountApiReference(app: Hono<any>): void {
  app.get("/api/v1/docs", (c: Context) => {
    const q = c.req.query("lang");
    const lang = q && isLang(q) ? q : negotiateLang(null, c.req.header("accept-language"));
    c.header("Content-Security-Policy", CSP);
    c.header("Vary", "Accept-Language");
    return c.html(page(lang));
  });
  app.get("/api/v1/docs/redoc.standalone.js", async (c: Context) =>
    c.body(await redocBundle(), 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    }));
  app.get(
    "/api/v1/docs/init.js",
    (c: Context) =>
      c.body(INIT, 200, {
        "Content-Type": "text/javascript; charset=utf-8",
        "Cache-Control": "public, max-age=3600",
      }),
  );
}
