/**
 * Code that only a used service needs, loaded by its first use: `serve` loads the connector's code (about
 * 8 MB resident) with the first request that is not a health check, so a service that only answers its health
 * checks (an idle container) never holds it, while the requests that come before an assistant's first call
 * (its discovery and sign-in) load it in the background.
 */

type Handler = (req: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;

/** A health check's URL (`/healthz`, `/readyz`, with or without a query). */
export const HEALTH_CHECK = /^[a-z]+:\/\/[^/]+\/(healthz|readyz)(\?|$)/;

/**
 * `handler`, which also calls `load` (once, without waiting for it) at the first request whose URL is not a
 * health check. Past that request the only cost per request is one test of a boolean.
 */
export function loadOnFirstUse(handler: Handler, load: () => void): Handler {
  let loading = false;
  return (req, info) => {
    if (!loading && !HEALTH_CHECK.test(req.url)) {
      loading = true;
      load();
    }
    return handler(req, info);
  };
}
