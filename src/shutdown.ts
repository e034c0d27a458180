/**
 * Stopping the service on SIGTERM (systemd, Docker) or SIGINT (Ctrl-C) before the service manager kills it:
 * systemd kills 30 s after SIGTERM (README's unit, `TimeoutStopSec=30`), and a killed process leaves the
 * database's write-ahead log behind and cuts whatever was being written.
 *
 * At the signal the server stops accepting connections and the requests in flight finish. Deno's graceful
 * shutdown ends the reading of a body still arriving at once; its request is answered 503 `service_stopping`
 * (`src/http_body.ts`, which also ends any body read still going `STOP_BODY_SECONDS` after the signal). The
 * stop does not wait for Deno's `server.finished`: that waits for every connection, and a client still sending
 * a body that was already answered holds its connection open for as long as it likes. It waits instead for
 * every exchange (a request until its response has been written out) to end, and for `STOP_SECONDS` at most;
 * then the caller closes the database and the process exits, which closes the connections left.
 */
import { stopReadingBodies } from "./http_body.ts";
import type { Logger } from "./log.ts";

/** A request body still arriving this long after the signal is no longer read (503 `service_stopping`). */
export const STOP_BODY_SECONDS = 10;
/** Exchanges still running this long after the signal are not waited for (well below `TimeoutStopSec=30`). */
export const STOP_SECONDS = 20;
/** No exchange for this long counts as done: a request accepted just before the signal still starts. */
const QUIET_MS = 200;

type Handler = (req: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;

/** The exchanges in progress: the handler to serve with, and how many run since when. */
export interface Exchanges {
  handler: Handler;
  readonly running: number;
  /** When an exchange last started or ended (`performance.now()`). */
  readonly changedAt: number;
}

/** Counts each request from its arrival until its response is written out or its client is gone. */
export function countExchanges(handler: Handler): Exchanges {
  let running = 0;
  let changedAt = performance.now();
  const done = () => {
    running--;
    changedAt = performance.now();
  };
  return {
    handler: (req, info) => {
      running++;
      changedAt = performance.now();
      info.completed.then(done, done);
      return handler(req, info);
    },
    get running() {
      return running;
    },
    get changedAt() {
      return changedAt;
    },
  };
}

/**
 * Resolves once the server has stopped after SIGTERM or SIGINT: every exchange ended, or `STOP_SECONDS`
 * passed. The caller then closes the database.
 */
export function stopOnSignal(
  server: Deno.HttpServer,
  exchanges: Exchanges,
  log: Logger,
  seconds = { body: STOP_BODY_SECONDS, all: STOP_SECONDS },
): Promise<void> {
  return new Promise((resolve) => {
    let stopping = false;
    const stop = (signal: Deno.Signal) => {
      if (stopping) return;
      stopping = true;
      const started = performance.now();
      log.info("stopping", { signal, running: exchanges.running });
      stopReadingBodies(seconds.body);
      server.shutdown().catch(() => {});
      const finish = () => {
        clearInterval(poll);
        resolve();
      };
      const poll = setInterval(() => {
        const now = performance.now();
        if (exchanges.running === 0 && now - exchanges.changedAt >= QUIET_MS) return finish();
        if (now - started >= seconds.all * 1000) {
          log.warn("stop deadline reached: requests still running are not waited for", {
            running: exchanges.running,
            seconds: seconds.all,
          });
          finish();
        }
      }, 50);
      void server.finished.then(finish, finish);
    };
    Deno.addSignalListener("SIGTERM", () => stop("SIGTERM"));
    Deno.addSignalListener("SIGINT", () => stop("SIGINT"));
  });
}
