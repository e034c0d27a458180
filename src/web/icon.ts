/**
 * The service's icon: shown by assistants next to the connector (MCP `icons` of the server's identity,
 * 2025-11-25) and as the pages' favicon. An SVG in the code, served by the app itself, so the executable
 * needs no file and no outside address is named.
 */
import type { Hono } from "hono";

import { ICON_PATH, ICON_SVG } from "../icon.ts";

export { ICON_PATH, ICON_SVG };

/** Serves the icon (and the `/favicon.ico` browsers ask for) with a long cache: it is public and fixed. */
// deno-lint-ignore no-explicit-any
export function mountIcon(app: Hono<any>): void {
  for (const path of [ICON_PATH, "/favicon.ico"]) {
    app.get(path, (c) =>
      c.body(ICON_SVG, 200, {
        "Content-Type": "image/svg+xml",
        "Cache-Control": "public, max-age=86400",
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      }));
  }
}
